import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import PopcornTestSupport

@testable import MoviesInfrastructure

/// Store locations in a temporary folder, removed with it.
extension TemporaryFolder {
    var locations: StoreLocations { StoreLocations(under: url) }
}

/// The factory's stores, read with a fresh context, as another reader would.
extension MoviesInfrastructureFactory {
    var cacheContainer: ModelContainer { stores.actor(for: Self.cacheStore).modelContainer }
    var watchlistContainer: ModelContainer { stores.actor(for: Self.watchlistStore).modelContainer }
}
