import Foundation
import OpenSwiftData
import PopcornTestSupport

/// Writes a closed store of some models at `url`: the container is gone when this
/// returns, so its WAL has been folded into the file.
func writeStore<T: PersistentModel>(
    at url: URL, schema: Schema, cloudKitDatabase: CloudKitDatabase = .none, models: () -> [T]
) throws {
    let container = try ModelContainer(
        for: schema, configurations: [ModelConfiguration(url: url, cloudKitDatabase: cloudKitDatabase)])
    let context = ModelContext(container)
    for model in models() { context.insert(model) }
    try context.save()
}

/// The number of rows of an entity in a store, read from outside.
func rowCount(in entity: String, at url: URL) throws -> Int {
    try StoreReading.rowCount(of: entity, at: url)
}

/// The history's media IDs in a store, read through OpenSwiftData.
func historyMediaIDs(in container: ModelContainer) throws -> [Int] {
    try ModelContext(container).fetch(FetchDescriptor<HistoryEntry>()).compactMap(\.mediaID).sorted()
}

/// Whether a file exists.
func fileExists(_ url: URL) -> Bool {
    StoreReading.fileExists(url)
}

/// A store's `-wal` or `-shm` companion.
func companion(_ url: URL, _ suffix: String) -> URL {
    URL(fileURLWithPath: url.path + suffix)
}
