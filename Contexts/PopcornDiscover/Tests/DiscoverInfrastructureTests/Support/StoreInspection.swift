import DataPersistenceInfrastructure
import OpenSwiftData
import PopcornTestSupport

@testable import DiscoverInfrastructure

/// The factory's cache store, read with a fresh context, as another reader would.
extension DiscoverInfrastructureFactory {
    var cacheContainer: ModelContainer {
        get async throws { try await stores.actor(for: Self.cacheStore).modelContainer }
    }

    func count<T: PersistentModel>(_ type: T.Type) async throws -> Int {
        try await StoreReading.count(type, in: cacheContainer)
    }

    func all<T: PersistentModel>(_ type: T.Type) async throws -> [T] {
        try await StoreReading.all(type, in: cacheContainer)
    }
}
