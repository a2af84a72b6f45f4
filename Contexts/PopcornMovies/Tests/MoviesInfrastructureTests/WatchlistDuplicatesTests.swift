import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import MoviesInfrastructure

/// The watchlist is a CloudKit store, which allows no unique constraint: one entry per
/// movie is kept by the local data source, as the search history keeps one per media.
@Suite("The watchlist keeps one entry per movie")
struct WatchlistDuplicatesTests {
    let folder = TemporaryFolder()
    let clock = TestClock()

    func makeFactory() -> WatchlistInfrastructureFactory {
        WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url), now: clock.read, logger: .quiet)
    }

    var storeURL: URL { WatchlistInfrastructureFactory.watchlistStore.url(in: StoreLocations(under: folder.url)) }

    @Test("a store holding a movie twice lists it once, with its first date; adding it again folds the rows")
    func existingDuplicates() async throws {
        let first = clock.now
        do {
            let container = try await makeFactory().watchlistContainer
            let context = ModelContext(container)
            context.insert(MoviesWatchlistMovieEntity(movieID: 550, createdAt: first.addingTimeInterval(60)))
            context.insert(MoviesWatchlistMovieEntity(movieID: 550, createdAt: first))
            context.insert(MoviesWatchlistMovieEntity(movieID: 603, createdAt: first.addingTimeInterval(30)))
            try context.save()
        }
        let watchlist = try await makeFactory().makeWatchlistRepository()
        #expect(
            try await watchlist.movies()
                == [
                    WatchlistMovie(movieID: 550, createdAt: first),
                    WatchlistMovie(movieID: 603, createdAt: first.addingTimeInterval(30)),
                ].reversed())
        #expect(try StoreReading.rowCount(of: "MoviesWatchlistMovieEntity", at: storeURL) == 3)

        clock.advance(by: 3600)
        #expect(try await watchlist.add(movieID: 550) == WatchlistMovie(movieID: 550, createdAt: first))
        #expect(try StoreReading.rowCount(of: "MoviesWatchlistMovieEntity", at: storeURL) == 2)
        #expect(try await watchlist.movies().map(\.movieID) == [603, 550])
    }

    @Test(
        "eight stores (as eight processes) adding the same movies at once leave one row each", .timeLimit(.minutes(1)))
    func concurrentAdds() async throws {
        let factories = (0..<8).map { _ in makeFactory() }
        for factory in factories {
            try await factory.stores.open(WatchlistInfrastructureFactory.watchlistStore, onFailure: .throwing)
        }
        let movieIDs = Array(1...25)
        let added = try await withThrowingTaskGroup(of: Int.self) { group in
            for factory in factories {
                group.addTask {
                    var count = 0
                    for id in movieIDs where try await factory.makeWatchlistRepository().add(movieID: id).movieID == id
                    {
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(added == 8 * movieIDs.count)
        #expect(try StoreReading.rowCount(of: "MoviesWatchlistMovieEntity", at: storeURL) == movieIDs.count)
        #expect(try await makeFactory().makeWatchlistRepository().movies().map(\.movieID).sorted() == movieIDs)
    }
}
