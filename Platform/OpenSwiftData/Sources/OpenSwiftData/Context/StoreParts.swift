/// A save's models split by the store that holds them, for a container of several
/// configurations: each store's part is written in its own transaction.
struct StoreParts {
    /// The stores the save touches, in configuration order.
    let storeIndices: [Int]
    private(set) var inserted: [Int: [any PersistentModel]] = [:]
    private(set) var changed: [Int: [any PersistentModel]] = [:]
    private(set) var deleted: [Int: [any PersistentModel]] = [:]

    init(
        inserted: [any PersistentModel], changed: [any PersistentModel], deleted: [any PersistentModel],
        stores: ContainerStores
    ) {
        guard stores.stores.count > 1 else {
            // One store: every model is its own, without looking at each.
            storeIndices = [0]
            self.inserted = [0: inserted]
            self.changed = [0: changed]
            self.deleted = [0: deleted]
            return
        }
        func split(_ models: [any PersistentModel]) -> [Int: [any PersistentModel]] {
            Dictionary(grouping: models) { stores.index(of: $0.persistentBackingData.entity) }
        }
        self.inserted = split(inserted)
        self.changed = split(changed)
        self.deleted = split(deleted)
        storeIndices = Set(self.inserted.keys).union(self.changed.keys).union(self.deleted.keys).sorted()
    }
}
