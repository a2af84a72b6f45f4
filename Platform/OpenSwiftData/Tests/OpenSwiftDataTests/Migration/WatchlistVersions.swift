import Foundation
import OpenSwiftData

// The watchlist of seeds/001: V1, then V2 adding `addedFrom: String?`.

enum WatchlistV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [WatchlistMovie.self]

    @Model
    final class WatchlistMovie {
        var movieID: Int?
        var createdAt: Date?

        init(movieID: Int, createdAt: Date) {
            self.movieID = movieID
            self.createdAt = createdAt
        }
    }
}

enum WatchlistV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [WatchlistMovie.self]

    @Model
    final class WatchlistMovie {
        var movieID: Int?
        var createdAt: Date?
        var addedFrom: String?

        init(movieID: Int, createdAt: Date, addedFrom: String? = nil) {
            self.movieID = movieID
            self.createdAt = createdAt
            self.addedFrom = addedFrom
        }
    }
}

enum WatchlistMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [WatchlistV1.self, WatchlistV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: WatchlistV1.self, toVersion: WatchlistV2.self)
    ]
}

enum WatchlistV1OnlyPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [WatchlistV1.self]
    static let stages: [MigrationStage] = []
}
