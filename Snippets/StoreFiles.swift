// snippet.hide
import Foundation
// snippet.show
import OpenSwiftData

// snippet.hide
enum WatchlistV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var movieID: Int

        init(movieID: Int) { self.movieID = movieID }
    }
}

enum WatchlistPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [WatchlistV1.self] }
    static var stages: [MigrationStage] { [] }
}

let watchlistURL = FileManager.default.temporaryDirectory.appending(path: "StoreFiles-\(UUID().uuidString).sqlite")
let schema = Schema(versionedSchema: WatchlistV1.self)
let plan = WatchlistPlan.self
do {
    let container = try ModelContainer(
        for: schema, migrationPlan: plan, configurations: ModelConfiguration(url: watchlistURL))
    let context = ModelContext(container)
    context.insert(WatchlistV1.Entry(movieID: 550))
    try context.save()
}
// snippet.show
let store = StoreFile(url: watchlistURL)
switch store.inspect(expecting: schema, migrationPlan: plan).state {
case .needsMigration(let from): print("will migrate from \(from.map(\.description) ?? "an unversioned store")")
case .damaged(let reason): print("damaged: \(reason)")
default: break
}
let backup = try store.backup(label: "manual")
// snippet.hide
print(backup.lastPathComponent)
