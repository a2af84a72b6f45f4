import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData

/// The watchlist in `popcorn-movies-cloudkit.sqlite`, on the store's actor.
///
/// CloudKit stores cannot have unique attributes, so "one entry per movie" is kept here,
/// as the search history keeps one per media: adding a movie already there keeps its
/// first entry and date, and duplicates that arrived otherwise (two processes adding the
/// same movie at once, say) are folded into the first entry when the movie is next added
/// and never listed twice.
struct SwiftDataWatchlistLocalDataSource: Sendable {
    let store: StoreActor

    func movies() async throws -> [WatchlistMovie] {
        try await store.perform { context in
            // Oldest first, so that each movie's first entry is the one kept; then newest first.
            let descriptor = FetchDescriptor<MoviesWatchlistMovieEntity>(sortBy: [SortDescriptor(\.createdAt)])
            return try context.fetch(descriptor).compactMap(WatchlistMovieMapper().map).firstOfEachKey(\.movieID)
                .reversed()
        }
    }

    func add(movieID: Int, at date: Date) async throws -> WatchlistMovie {
        try await store.perform { context in
            let entity = try context.keepOne(
                matching: { try $0.fetch(Self.entries(of: movieID)) },
                orInsert: { MoviesWatchlistMovieEntity(movieID: movieID, createdAt: date) },
                preferring: { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) })
            return WatchlistMovieMapper().map(entity) ?? WatchlistMovie(movieID: movieID, createdAt: date)
        }
    }

    func remove(movieID: Int) async throws -> Bool {
        try await store.perform { context in
            // Rolled back on failure: the store's one context must not keep the deletes for
            // the next save.
            try context.saveOrRollback {
                let matching = try context.fetch(Self.entries(of: movieID))
                for entity in matching { context.delete(entity) }
                return !matching.isEmpty
            }
        }
    }

    func contains(movieID: Int) async throws -> Bool {
        try await store.perform { context in try context.fetchCount(Self.entries(of: movieID)) > 0 }
    }

    private static func entries(of movieID: Int) -> FetchDescriptor<MoviesWatchlistMovieEntity> {
        FetchDescriptor(predicate: #Predicate { $0.movieID == movieID })
    }
}
