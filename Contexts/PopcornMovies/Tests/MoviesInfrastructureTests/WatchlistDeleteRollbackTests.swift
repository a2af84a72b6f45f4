import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import PopcornTestSupport
import Testing

@testable import MoviesInfrastructure

/// The store's actor has one context that every repository of the store shares: a delete
/// whose save fails must not stay pending there for the next save to write.
@Suite("A watchlist delete that cannot be saved is rolled back")
struct WatchlistDeleteRollbackTests {
    let folder = TemporaryFolder()

    func makeFactory() -> WatchlistInfrastructureFactory {
        WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url), logger: .quiet)
    }

    @Test("remove on a store opened read-only fails, and the entry is neither pending deletion nor gone")
    func remove() async throws {
        let writer = try await makeFactory().makeWatchlistRepository()
        for id in [550, 603] { _ = try await writer.add(movieID: id) }
        let factory = makeFactory()
        let store = try await factory.stores.open(
            WatchlistInfrastructureFactory.watchlistStore, access: .readOnly, onFailure: .throwing)
        let watchlist = try await factory.makeWatchlistRepository()
        await #expect(throws: MovieRepositoryError.self) { try await watchlist.remove(movieID: 550) }
        #expect(try await store.perform { $0.hasChanges } == false)
        #expect(try await Set(watchlist.movies().map(\.movieID)) == [550, 603])
    }
}
