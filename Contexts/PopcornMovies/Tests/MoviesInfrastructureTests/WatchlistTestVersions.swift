import Foundation
import OpenSwiftData

@testable import MoviesInfrastructure

// Test-only later versions of the watchlist, to prove the migration path works before
// a real V2 ships. The class keeps its name so that the entity stays the same.

enum WatchlistTestSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]

    @Model
    final class MoviesWatchlistMovieEntity {
        var movieID: Int?
        var createdAt: Date?
        var note: String?

        init(movieID: Int, createdAt: Date) {
            self.movieID = movieID
            self.createdAt = createdAt
        }
    }
}

enum WatchlistTestSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]

    @Model
    final class MoviesWatchlistMovieEntity {
        var movieID: Int?
        var createdAt: Date?
        var note: String?
        var isFavorite: Bool = false

        init(movieID: Int, createdAt: Date) {
            self.movieID = movieID
            self.createdAt = createdAt
        }
    }
}

enum WatchlistTestPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [
        MoviesWatchlistSchemaV1.self, WatchlistTestSchemaV2.self, WatchlistTestSchemaV3.self,
    ]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: MoviesWatchlistSchemaV1.self, toVersion: WatchlistTestSchemaV2.self),
        .custom(
            fromVersion: WatchlistTestSchemaV2.self, toVersion: WatchlistTestSchemaV3.self, willMigrate: nil,
            didMigrate: { context in
                // Movies with a note become favourites.
                let noted = try context.fetch(
                    FetchDescriptor<WatchlistTestSchemaV3.MoviesWatchlistMovieEntity>(
                        predicate: #Predicate { $0.note != nil }))
                for movie in noted { movie.isFavorite = true }
                try context.save()
            }),
    ]
}
