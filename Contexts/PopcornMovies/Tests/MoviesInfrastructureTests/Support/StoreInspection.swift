import DataPersistenceInfrastructure
import OpenSwiftData

@testable import MoviesInfrastructure

/// The factory's stores, read with a fresh context, as another reader would.
extension MoviesInfrastructureFactory {
    var cacheContainer: ModelContainer { stores.actor(for: Self.cacheStore).modelContainer }
    var watchlistContainer: ModelContainer { stores.actor(for: Self.watchlistStore).modelContainer }
}
