import Foundation
import MoviesDomain
import OpenSwiftData

/// The watchlist in `popcorn-movies-cloudkit.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataWatchlistLocalDataSource: WatchlistLocalDataSource {
    func movies() throws -> [WatchlistMovie] {
        let descriptor = FetchDescriptor<MoviesWatchlistMovieEntity>(
            sortBy: [SortDescriptor(\.createdAt, order: .reverse)])
        return try modelContext.fetch(descriptor).compactMap(WatchlistMovieMapper().map)
    }

    func add(movieID: Int, at date: Date) throws -> WatchlistMovie {
        if let existing = try entities(movieID: movieID).compactMap(WatchlistMovieMapper().map).first {
            return existing
        }
        let entity = MoviesWatchlistMovieEntity(movieID: movieID, createdAt: date)
        modelContext.insert(entity)
        try modelContext.save()
        return WatchlistMovie(movieID: movieID, createdAt: date)
    }

    func remove(movieID: Int) throws -> Bool {
        let matching = try entities(movieID: movieID)
        for entity in matching { modelContext.delete(entity) }
        try modelContext.save()
        return !matching.isEmpty
    }

    func contains(movieID: Int) throws -> Bool {
        try modelContext.fetchCount(
            FetchDescriptor<MoviesWatchlistMovieEntity>(predicate: #Predicate { $0.movieID == movieID })) > 0
    }

    private func entities(movieID: Int) throws -> [MoviesWatchlistMovieEntity] {
        try modelContext.fetch(
            FetchDescriptor<MoviesWatchlistMovieEntity>(predicate: #Predicate { $0.movieID == movieID }))
    }
}
