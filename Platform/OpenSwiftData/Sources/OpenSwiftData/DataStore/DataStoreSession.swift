/// One context's use of its container's custom stores (``DataStore``): the stores it
/// told of its editing state, and the last snapshot it read or saved of each model,
/// from which it reads the model's relationships.
final class DataStoreSession {
    /// The last snapshot of each model, fetched, related to a fetched one, or saved.
    var snapshots: [PersistentIdentifier: DefaultSnapshot] = [:]
    /// The stores told of the context (``DataStore/initializeState(for:)``), with the
    /// editing state they were told of.
    private var started: [(store: any OpenedDataStore, editingState: EditingState)] = []

    /// Tells `store` of the context before its first use there.
    func start(_ store: any OpenedDataStore, editingState: EditingState) {
        guard !started.contains(where: { $0.store === store }) else { return }
        store.initializeState(for: editingState)
        started.append((store, editingState))
    }

    deinit {
        for (store, editingState) in started { store.invalidateState(for: editingState) }
    }
}

extension ModelContextCore {
    /// The custom store that holds `entity`, nil for an entity of a SQLite store.
    func dataStore(for entity: EntityDescriptor) -> (any OpenedDataStore)? {
        container.stores.dataStores?.store(for: entity)
    }

    /// The context's editing state, as a store sees it.
    var editingState: EditingState { EditingState(id: editingSession, author: author) }

    /// The context's session with its custom stores, told of the context before `store`'s
    /// first use.
    func dataStoreSession(starting store: any OpenedDataStore) -> DataStoreSession {
        let session = dataStoreSession ?? DataStoreSession()
        dataStoreSession = session
        session.start(store, editingState: editingState)
        return session
    }
}
