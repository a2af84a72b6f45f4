/// One store's share of a save: the models of the save that the store holds. Each
/// store's share is written in a transaction of its own.
struct StorePart {
    /// The store's index among the container's stores.
    let storeIndex: Int
    var inserted: [any PersistentModel] = []
    var changed: [any PersistentModel] = []
    var deleted: [any PersistentModel] = []
    var bulkDeletes: [BulkDeleteRequest] = []

    var isEmpty: Bool { inserted.isEmpty && changed.isEmpty && deleted.isEmpty && bulkDeletes.isEmpty }

    /// A save's models split by the store that holds them: the parts of the stores the
    /// save touches, in configuration order. With one store, as most containers have,
    /// the save's lists are its one part as they are, and no model is looked at.
    static func parts(
        inserted: [any PersistentModel], changed: [any PersistentModel], deleted: [any PersistentModel],
        bulkDeletes: [BulkDeleteRequest] = [], stores: ContainerStores
    ) -> [StorePart] {
        if let dataStores = stores.dataStores {
            // A custom store's models are saved by ``ModelContextCore/saveToDataStores(changed:)``.
            let isInSQLite = { (model: any PersistentModel) in
                dataStores.index(of: model.persistentBackingData.entity) == nil
            }
            return parts(
                inserted: inserted.filter(isInSQLite), changed: changed.filter(isInSQLite),
                deleted: deleted.filter(isInSQLite), bulkDeletes: bulkDeletes, sqliteStores: stores)
        }
        return parts(
            inserted: inserted, changed: changed, deleted: deleted, bulkDeletes: bulkDeletes, sqliteStores: stores)
    }

    /// The parts of the SQLite stores, of models that are all in them. Bulk deletions are
    /// of SQLite stores' entities only (a custom store's models are deleted one by one).
    private static func parts(
        inserted: [any PersistentModel], changed: [any PersistentModel], deleted: [any PersistentModel],
        bulkDeletes: [BulkDeleteRequest], sqliteStores stores: ContainerStores
    ) -> [StorePart] {
        guard !stores.hasOneStore else {
            return [
                StorePart(
                    storeIndex: 0, inserted: inserted, changed: changed, deleted: deleted, bulkDeletes: bulkDeletes)
            ]
        }
        var parts = stores.stores.indices.map { StorePart(storeIndex: $0) }
        for model in inserted { parts[stores.index(of: model.persistentBackingData.entity)].inserted.append(model) }
        for model in changed { parts[stores.index(of: model.persistentBackingData.entity)].changed.append(model) }
        for model in deleted { parts[stores.index(of: model.persistentBackingData.entity)].deleted.append(model) }
        for request in bulkDeletes { parts[stores.index(of: request.entity)].bulkDeletes.append(request) }
        return parts.filter { !$0.isEmpty }
    }
}
