/// The store type of ``ModelConfiguration``, as SwiftData's `DefaultStore`: it makes
/// `ModelConfiguration` a ``DataStoreConfiguration``, so that a container's
/// configurations may mix it with configurations of custom stores.
///
/// A container opens a `ModelConfiguration`'s SQLite store itself; this type is not
/// made: its initializer throws ``DataStoreError/unsupportedFeature``.
public final class DefaultStore: DataStore {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: ModelConfiguration
    public var name: String { configuration.name }
    public let schema: Schema
    public var identifier: String { configuration.url.path }

    /// Never makes a store.
    ///
    /// - Parameters:
    ///   - configuration: Not used.
    ///   - migrationPlan: Not used.
    /// - Throws: ``DataStoreError/unsupportedFeature``, always: a container opens a
    ///   `ModelConfiguration`'s store itself.
    public init(_ configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        throw DataStoreError.unsupportedFeature
    }

    /// Never fetches: no `DefaultStore` is made.
    ///
    /// - Parameter request: Not used.
    /// - Throws: ``DataStoreError/unsupportedFeature``, always.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> DataStoreFetchResult<T, DefaultSnapshot>
    {
        throw DataStoreError.unsupportedFeature
    }

    /// Never saves: no `DefaultStore` is made.
    ///
    /// - Parameter request: Not used.
    /// - Throws: ``DataStoreError/unsupportedFeature``, always.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
    {
        throw DataStoreError.unsupportedFeature
    }
}

extension ModelConfiguration: DataStoreConfiguration {
    public typealias Store = DefaultStore
}
