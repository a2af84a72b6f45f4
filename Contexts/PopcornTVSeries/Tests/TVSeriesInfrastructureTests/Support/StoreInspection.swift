import DataPersistenceInfrastructure
import OpenSwiftData
import PopcornTestSupport

@testable import TVSeriesInfrastructure

/// The factory's cache store, read with a fresh context, as another reader would.
extension TVSeriesInfrastructureFactory {
    var cacheContainer: ModelContainer { get throws { try stores.actor(for: Self.cacheStore).modelContainer } }

    func rows<T: PersistentModel>(of type: T.Type) throws -> [T] {
        try StoreReading.all(type, in: cacheContainer)
    }
}
