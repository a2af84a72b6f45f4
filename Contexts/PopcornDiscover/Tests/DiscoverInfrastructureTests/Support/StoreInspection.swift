import DataPersistenceInfrastructure
import OpenSwiftData
import PopcornTestSupport

@testable import DiscoverInfrastructure

/// The factory's cache store, read with a fresh context, as another reader would.
extension DiscoverInfrastructureFactory {
    var cacheContainer: ModelContainer { get throws { try stores.actor(for: Self.cacheStore).modelContainer } }

    func count<T: PersistentModel>(_ type: T.Type) throws -> Int {
        try StoreReading.count(type, in: cacheContainer)
    }

    func all<T: PersistentModel>(_ type: T.Type) throws -> [T] {
        try StoreReading.all(type, in: cacheContainer)
    }
}
