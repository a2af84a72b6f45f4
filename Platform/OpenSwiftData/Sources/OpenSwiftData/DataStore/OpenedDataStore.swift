import Foundation

/// A custom store a container opened, as its contexts use it: its calls take and give
/// ``DefaultSnapshot``s whatever the store's type.
protocol OpenedDataStore: AnyObject, Sendable {
    var identifier: String { get }
    /// The entities the store holds.
    var schema: Schema { get }
    var keys: DataStoreKeys { get }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> DataStoreFetchResult<T, DefaultSnapshot>
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
    func cachedSnapshots(for identifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: DefaultSnapshot]
    func initializeState(for editingState: EditingState)
    func invalidateState(for editingState: EditingState)
    func erase() throws
    /// Starts reporting the saves made outside the container, for a store that learns of
    /// them (``ExternalChangeReporting``); nothing for another.
    func reportExternalChanges(to report: @escaping @Sendable (ModelContainer.Change) -> Void)
    /// Every transaction the store's history records, oldest first, for a store that keeps
    /// one of ``DefaultHistoryTransaction``s (``HistoryProviding``); nil for another.
    func fetchHistory() throws -> [DefaultHistoryTransaction]?
    /// Deletes the transactions of these identifiers from the store's history, for a store
    /// that keeps one; nothing for another.
    func deleteHistory(_ transactions: [Int64]) throws
    /// The batches of a fetch, for a store that reads them a batch at a time
    /// (``DataStoreBatchedFetching``); nil for another.
    func batches<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, batchSize: Int) throws
        -> (any DataStoreBatches)?
}

/// Opens the store of a configuration.
func openDataStore<Configuration: DataStoreConfiguration>(
    _ configuration: Configuration, plan: (any SchemaMigrationPlan.Type)?
) throws -> any OpenedDataStore {
    try configuration.validate()
    guard Configuration.Store.Snapshot.self == DefaultSnapshot.self else {
        throw SwiftDataError.unsupportedConfiguration(
            reason:
                "the store of configuration '\(configuration.name)' uses snapshots of type \(Configuration.Store.Snapshot.self); OpenSwiftData supports custom stores whose Snapshot is DefaultSnapshot"
        )
    }
    return OpenedStore(try Configuration.Store(configuration, migrationPlan: plan))
}

// A store is an app's class, not Sendable: every call to it runs under `lock`, one at a
// time, as a container shared by several actors calls it.
private final class OpenedStore<Store: DataStore>: OpenedDataStore, @unchecked Sendable {
    private let store: Store
    private let lock = NSLock()
    let identifier: String
    let schema: Schema
    let keys = DataStoreKeys()

    init(_ store: Store) {
        self.store = store
        self.identifier = store.identifier
        self.schema = store.schema
    }

    private func withStore<Result>(_ body: (Store) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(store)
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> DataStoreFetchResult<T, DefaultSnapshot>
    {
        let result = try withStore { try $0.fetch(request) }
        return DataStoreFetchResult(
            descriptor: result.descriptor, fetchedSnapshots: try restated(result.fetchedSnapshots),
            relatedSnapshots: try restated(result.relatedSnapshots))
    }

    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try withStore { try $0.fetchCount(request) }
    }

    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try withStore { try $0.fetchIdentifiers(request) }
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
    {
        let typed = DataStoreSaveChangesRequest<Store.Snapshot>(
            editingState: request.editingState, inserted: try restated(request.inserted),
            updated: try restated(request.updated), deleted: try restated(request.deleted),
            changedProperties: request.changedProperties, snapshotsAsRead: request.snapshotsAsRead)
        let result = try withStore { try $0.save(typed) }
        return DataStoreSaveChangesResult(
            for: result.storeIdentifier, remappedIdentifiers: result.remappedIdentifiers,
            snapshotsToReregister: try restated(result.snapshotsToReregister))
    }

    func cachedSnapshots(for identifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: DefaultSnapshot]
    {
        try restated(try withStore { try $0.cachedSnapshots(for: identifiers, editingState: editingState) })
    }

    func initializeState(for editingState: EditingState) {
        withStore { $0.initializeState(for: editingState) }
    }

    func invalidateState(for editingState: EditingState) {
        withStore { $0.invalidateState(for: editingState) }
    }

    func erase() throws {
        try withStore { try $0.erase() }
    }

    func reportExternalChanges(to report: @escaping @Sendable (ModelContainer.Change) -> Void) {
        withStore { ($0 as? any ExternalChangeReporting)?.reportExternalChanges(to: report) }
    }

    // Each batch is read by the reader the store gave, outside `lock`: a context may use the
    // store between batches (the block of `enumerate` fetches or saves).
    func batches<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, batchSize: Int) throws
        -> (any DataStoreBatches)?
    {
        try withStore { try ($0 as? any DataStoreBatchedFetching)?.batches(request, batchSize: batchSize) }
    }

    func fetchHistory() throws -> [DefaultHistoryTransaction]? {
        try withStore { store in
            guard let history = store as? any HistoryProviding<DefaultHistoryTransaction> else { return nil }
            return try history.fetchHistory(HistoryDescriptor())
        }
    }

    func deleteHistory(_ transactions: [Int64]) throws {
        let selected = Set(transactions)
        try withStore { store in
            guard let history = store as? any HistoryProviding<DefaultHistoryTransaction> else { return }
            try history.deleteHistory(
                HistoryDescriptor(predicate: #Predicate { selected.contains($0.transactionIdentifier) }))
        }
    }
}

// `Store.Snapshot` is `DefaultSnapshot`, checked when the store was opened
// (``openDataStore(_:plan:)``): the conversions only restate it, and cannot fail.
private func restated<Value, Restated>(_ value: Value, as _: Restated.Type = Restated.self) throws -> Restated {
    guard let restated = value as? Restated else { throw DataStoreError.unsupportedFeature }
    return restated
}
