import DataPersistenceInfrastructure
import OpenSwiftData
import PopcornTestSupport

@testable import MoviesInfrastructure

/// The factory's stores, read with a fresh context, as another reader would.
extension MoviesInfrastructureFactory {
    var cacheContainer: ModelContainer {
        get async throws { try await stores.actor(for: Self.cacheStore).modelContainer }
    }
}

extension WatchlistInfrastructureFactory {
    var watchlistContainer: ModelContainer {
        get async throws { try await stores.actor(for: Self.watchlistStore).modelContainer }
    }
}

extension RepositoryFixture<MockMovieRemote, MoviesInfrastructureFactory> {
    /// The titles of the cached movies, read from outside.
    func cachedMovieRows() async throws -> [String] {
        try await StoreReading.all(MoviesMovieEntity.self, in: factory.cacheContainer).map(\.title)
    }
}
