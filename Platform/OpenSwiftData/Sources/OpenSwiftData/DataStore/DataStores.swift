/// The custom stores of a container (``DataStore``), and which one holds each of their
/// entities; the other entities are in the container's SQLite stores.
struct DataStores: Sendable {
    let stores: [any OpenedDataStore]
    private let storeIndexByEntity: [ObjectIdentifier: Int]
    /// Where the stores report the saves made outside the container
    /// (``ExternalChangeReporting``): the container that opened them.
    let externalChanges = ExternalChangeRelay()

    init(stores: [any OpenedDataStore], storeIndexByEntity: [ObjectIdentifier: Int]) {
        self.stores = stores
        self.storeIndexByEntity = storeIndexByEntity
    }

    /// The index of the custom store that holds `entity`, nil for an entity of a SQLite store.
    func index(of entity: EntityDescriptor) -> Int? {
        storeIndexByEntity[ObjectIdentifier(entity)]
    }

    /// The custom store that holds `entity`, nil for an entity of a SQLite store.
    func store(for entity: EntityDescriptor) -> (any OpenedDataStore)? {
        index(of: entity).map { stores[$0] }
    }
}
