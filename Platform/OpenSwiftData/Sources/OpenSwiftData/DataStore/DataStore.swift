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
    ///
    /// - Parameters:
    ///   - configuration: The configuration of the store.
    ///   - migrationPlan: The container's migration plan, if it was given one.
    /// - Throws: An error of the store's choosing, which fails the container's creation.
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws

    /// The snapshots of the models a request's descriptor matches. A store that does not
    /// evaluate the predicate or the sort throws ``DataStoreError/preferInMemoryFilter`` or
    /// ``DataStoreError/preferInMemorySort``: the context then asks again without them and
    /// filters, sorts and limits in memory.
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` or
    ///   ``DataStoreError/preferInMemorySort`` to leave the predicate or the sort to the
    ///   context; any other error fails the context's fetch.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot>

    /// How many models a request's descriptor matches. The default throws
    /// ``DataStoreError/unsupportedFeature``, and the context counts what ``fetch(_:)`` gives.
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: A ``DataStoreError`` to leave the count to the context; any other error fails
    ///   the context's count.
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int

    /// The identifiers of the models a request's descriptor matches. The default throws
    /// ``DataStoreError/unsupportedFeature``, and the context takes them from ``fetch(_:)``.
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: A ``DataStoreError`` to leave the identifiers to the context; any other error
    ///   fails the context's fetch.
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]

    /// Writes a context's inserted, updated and deleted models, and says which permanent
    /// identifier each inserted model's temporary one became.
    ///
    /// - Parameter request: The inserted, updated and deleted models, and the context that
    ///   saves.
    /// - Throws: An error of the store's choosing, which fails the context's save.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot>

    /// The snapshots the store holds in memory for some identifiers, which a context uses
    /// before fetching; the default holds none.
    ///
    /// - Parameters:
    ///   - persistentIdentifiers: The identifiers of the models the context wants.
    ///   - editingState: The context.
    /// - Throws: An error of the store's choosing, which fails the context's read.
    func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: Snapshot]

    /// Called before a context first reads from or writes to the store; the default does
    /// nothing.
    ///
    /// - Parameter editingState: The context.
    func initializeState(for editingState: EditingState)

    /// Called when a context that used the store ends; the default does nothing.
    ///
    /// - Parameter editingState: The context.
    func invalidateState(for editingState: EditingState)

    /// Deletes every model of the store (``ModelContainer/erase()``). The default throws
    /// ``DataStoreError/unsupportedFeature``.
    ///
    /// - Throws: An error of the store's choosing, which stops
    ///   ``ModelContainer/eraseAllData()``.
    func erase() throws
}

extension DataStore {
    /// Leaves the count to the context: throws ``DataStoreError/unsupportedFeature``.
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: ``DataStoreError/unsupportedFeature``, always.
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        throw DataStoreError.unsupportedFeature
    }

    /// Leaves the identifiers to the context: throws ``DataStoreError/unsupportedFeature``.
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: ``DataStoreError/unsupportedFeature``, always.
    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> [PersistentIdentifier]
    {
        throw DataStoreError.unsupportedFeature
    }

    /// Holds no snapshots in memory: returns none.
    ///
    /// - Parameters:
    ///   - persistentIdentifiers: The identifiers of the models the context wants.
    ///   - editingState: The context.
    /// - Throws: Never; the requirement may throw, this default does not.
    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState)
        throws -> [PersistentIdentifier: Snapshot]
    {
        [:]
    }

    /// Does nothing.
    ///
    /// - Parameter editingState: The context.
    public func initializeState(for editingState: EditingState) {}

    /// Does nothing.
    ///
    /// - Parameter editingState: The context.
    public func invalidateState(for editingState: EditingState) {}

    /// Erases nothing: throws ``DataStoreError/unsupportedFeature``.
    ///
    /// - Throws: ``DataStoreError/unsupportedFeature``, always.
    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }
}
