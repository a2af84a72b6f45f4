import Foundation
import OpenSwiftData

// The watchlist as the next release ships it. The Movies context's models are internal
// to its module, so V1 is copied here with the identical shape: the entity is named after
// the class, and each version nests its own `MoviesWatchlistMovieEntity`. A library of
// its own, so that the end-to-end tests write and read stores of these versions through
// their models, as `popcorn-next` does.

/// The watchlist as `popcorn` ships it today (MoviesWatchlistSchemaV1).
public enum NextWatchlistSchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    public static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]

    @Model
    public final class MoviesWatchlistMovieEntity {
        public var movieID: Int?
        public var createdAt: Date?

        public init(movieID: Int, createdAt: Date) {
            self.movieID = movieID
            self.createdAt = createdAt
        }
    }
}

/// V2 adds the day each movie was added (`yyyy-MM-dd`, UTC), to group the watchlist by
/// day. Optional, like every attribute of a CloudKit store; nothing unique.
public enum NextWatchlistSchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]

    @Model
    public final class MoviesWatchlistMovieEntity {
        public var movieID: Int?
        public var createdAt: Date?
        public var addedOn: String?

        public init(movieID: Int, createdAt: Date) {
            self.movieID = movieID
            self.createdAt = createdAt
        }
    }
}

/// V1 → V2: the new column is added, then `didMigrate` backfills it on every row, a page
/// at a time. Each page's save reports the rows done to the migration's observer (the
/// progress bar of `stores migrate`).
public enum NextWatchlistMigrationPlan: SchemaMigrationPlan {
    static let pageSize = 1_000

    public static let schemas: [any VersionedSchema.Type] = [NextWatchlistSchemaV1.self, NextWatchlistSchemaV2.self]
    public static let stages: [MigrationStage] = [
        .custom(
            fromVersion: NextWatchlistSchemaV1.self, toVersion: NextWatchlistSchemaV2.self, willMigrate: nil,
            didMigrate: { context in
                // Without a sort, a fetch is in primary-key order, so pages by offset are stable.
                var page = FetchDescriptor<NextWatchlistSchemaV2.MoviesWatchlistMovieEntity>()
                page.fetchLimit = NextWatchlistMigrationPlan.pageSize
                page.fetchOffset = 0
                while true {
                    let movies = try context.fetch(page)
                    if movies.isEmpty { break }
                    for movie in movies {
                        movie.addedOn = movie.createdAt.map { NextWatchlistMigrationPlan.day(of: $0) }
                    }
                    try context.save()
                    page.fetchOffset = (page.fetchOffset ?? 0) + movies.count
                }
            })
    ]

    /// `2026-11-23`: the day of a date in UTC.
    static func day(of date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }
}
