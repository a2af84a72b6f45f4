import Foundation
import SwiftData

// The models the PRD's samples name (seeds/000 US-2, seeds/002), declared as the PRD
// declares them, for the tests that call the factory as the PRD does.

/// The watchlist entity: CloudKit rules, every attribute optional (design §5).
@Model
final class MoviesWatchlistMovieEntity {
    var movieID: Int?
    var createdAt: Date?

    init(movieID: Int, createdAt: Date = .now) {
        self.movieID = movieID
        self.createdAt = createdAt
    }
}

package enum MoviesWatchlistSchemaV1: VersionedSchema {
    package static let versionIdentifier = Schema.Version(1, 0, 0)
    package static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]
}

package enum MoviesWatchlistMigrationPlan: SchemaMigrationPlan {
    package static let schemas: [any VersionedSchema.Type] = [MoviesWatchlistSchemaV1.self]
    package static let stages: [MigrationStage] = []
}

/// A cache entity as an earlier release shipped it: `CachedMovie` (``CachedMovie``'s
/// entity) before `title` was added. A store it wrote has rows without a title, which the
/// current model requires: the current schema fails on it.
enum EarlierMoviesCache {
    @Model
    final class CachedMovie {
        var movieID: Int

        init(movieID: Int) {
            self.movieID = movieID
        }
    }
}

/// The watchlist entity as a later release shipped it, with a note the V1 plan does not
/// know: a store it wrote is one the V1 plan cannot open (the user went back a version).
enum LaterMoviesWatchlist {
    @Model
    final class MoviesWatchlistMovieEntity {
        var movieID: Int?
        var createdAt: Date?
        var note: String?

        init(movieID: Int, note: String) {
            self.movieID = movieID
            self.createdAt = .now
            self.note = note
        }
    }
}
