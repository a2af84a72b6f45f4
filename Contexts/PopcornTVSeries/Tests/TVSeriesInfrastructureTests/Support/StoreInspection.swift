import DataPersistenceInfrastructure
import OpenSwiftData
import PopcornTestSupport

@testable import TVSeriesInfrastructure

/// The factory's cache store, read with a fresh context, as another reader would.
extension TVSeriesInfrastructureFactory {
    var cacheContainer: ModelContainer {
        get async throws { try await stores.actor(for: Self.cacheStore).modelContainer }
    }

    func rows<T: PersistentModel>(of type: T.Type) async throws -> [T] {
        try await StoreReading.all(type, in: cacheContainer)
    }
}
