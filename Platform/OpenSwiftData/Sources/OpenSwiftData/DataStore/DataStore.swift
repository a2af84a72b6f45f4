/// A store the app writes, as SwiftData's `DataStore`: contexts read models from it as
/// snapshots (``fetch(_:)``) and hand it their changes as snapshots (``save(_:)``).
///
/// OpenSwiftData supports stores whose ``Snapshot`` is ``DefaultSnapshot``; the container
/// refuses others with ``DataStoreError/unsupportedFeature``.
public protocol DataStore: AnyObject {
    /// The configuration type that describes this store.
    associatedtype Configuration: DataStoreConfiguration where Configuration.Store == Self
    /// The form in which models travel between contexts and the store.
    associatedtype Snapshot: DataStoreSnapshot

    /// The configuration the store was made with.
    var configuration: Configuration { get }
    /// The store's name.
    var name: String { get }
    /// The models the store holds.
    var schema: Schema { get }
    /// The store's identifier: the ``PersistentIdentifier/storeIdentifier`` of its models.
    var identifier: String { get }

    /// Opens the store a configuration describes.
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws

    /// The snapshots of the models a request's descriptor matches. A store that does not
    /// evaluate the predicate or the sort throws ``DataStoreError/preferInMemoryFilter`` or
    /// ``DataStoreError/preferInMemorySort``: the context then asks again without them and
    /// filters, sorts and limits in memory.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot>

    /// How many models a request's descriptor matches. The default throws
    /// ``DataStoreError/unsupportedFeature``, and the context counts what ``fetch(_:)`` gives.
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int

    /// The identifiers of the models a request's descriptor matches. The default throws
    /// ``DataStoreError/unsupportedFeature``, and the context takes them from ``fetch(_:)``.
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]

    /// Writes a context's inserted, updated and deleted models, and says which permanent
    /// identifier each inserted model's temporary one became.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot>

    /// The snapshots the store holds in memory for some identifiers, which a context uses
    /// before fetching; the default holds none.
    func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: Snapshot]

    /// Called before a context first reads from or writes to the store; the default does
    /// nothing.
    func initializeState(for editingState: EditingState)

    /// Called when a context that used the store ends; the default does nothing.
    func invalidateState(for editingState: EditingState)

    /// Deletes every model of the store (``ModelContainer/erase()``). The default throws
    /// ``DataStoreError/unsupportedFeature``.
    func erase() throws
}

extension DataStore {
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        throw DataStoreError.unsupportedFeature
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> [PersistentIdentifier]
    {
        throw DataStoreError.unsupportedFeature
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState)
        throws -> [PersistentIdentifier: Snapshot]
    {
        [:]
    }

    public func initializeState(for editingState: EditingState) {}

    public func invalidateState(for editingState: EditingState) {}

    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }
}
