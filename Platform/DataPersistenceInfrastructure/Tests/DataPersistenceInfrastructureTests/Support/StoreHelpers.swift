import Foundation
import GRDB
import OpenSwiftData

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

/// The number of rows in a table, read with plain SQLite.
func rowCount(in table: String, at url: URL) throws -> Int {
    let queue = try DatabaseQueue(path: url.path)
    defer { try? queue.close() }
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? 0 }
}

/// The history's media IDs in a store, read through OpenSwiftData.
func historyMediaIDs(in container: ModelContainer) throws -> [Int] {
    try ModelContext(container).fetch(FetchDescriptor<HistoryEntry>()).compactMap(\.mediaID).sorted()
}
