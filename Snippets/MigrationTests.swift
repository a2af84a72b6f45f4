// snippet.hide
import Foundation
import OpenSwiftData
// snippet.show
import OpenSwiftDataTesting
import Testing

// snippet.hide
enum WatchlistV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Movie.self] }

    @Model
    final class Movie {
        var movieID: Int

        init(movieID: Int) { self.movieID = movieID }
    }
}

enum WatchlistPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [WatchlistV1.self] }
    static var stages: [MigrationStage] { [] }
}

let snapshotsFolder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")

func writesAndMigrates(at url: URL) throws -> ModelContainer {
    // snippet.show
    try MigrationTesting.writeStore(at: url, version: WatchlistV1.self) { context in
        context.insert(WatchlistV1.Movie(movieID: 1))
    }
    let container = try MigrationTesting.openMigrated(at: url, plan: WatchlistPlan.self)
    // snippet.hide
    return container
}

// snippet.show
@Test func watchlistV1IsUnchanged() throws {
    try SchemaSnapshotCheck.verify(WatchlistV1.self, against: snapshotsFolder.appending(path: "WatchlistV1.json"))
}

// snippet.hide
func makesTheStoreLookNewer(at storeURL: URL) throws {
    // snippet.show
    try StoreTampering.makeLookNewer(at: storeURL, version: Schema.Version(9, 0, 0))
    // StoreFile(url: storeURL).inspect(expecting: schema, migrationPlan: plan).state == .newer(…)
    // snippet.hide
}
