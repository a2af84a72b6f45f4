extension ModelContextCore {
    /// The model of a custom store's identifier registered in this context, if any.
    func registeredDataStoreModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        guard let entity = container.schema.descriptorsByName[identifier.entityName],
            let store = dataStore(for: entity), let key = store.keys.existingKey(for: identifier)
        else { return nil }
        return identityMap[IdentityMap.key(entity, key)]
    }

    /// The model of a custom store's identifier: the registered one, or one made from the
    /// store's snapshot; nil when the store has none.
    func existingDataStoreModel(for identifier: PersistentIdentifier) throws -> (any PersistentModel)? {
        if let registered = registeredDataStoreModel(for: identifier) { return registered }
        guard let entity = container.schema.descriptorsByName[identifier.entityName],
            let store = dataStore(for: entity)
        else { return nil }
        return try models(for: [identifier], store: store, session: dataStoreSession(starting: store)).first
    }

    /// The work of ``ModelContext/model(for:)`` for a custom store's identifier. The store
    /// is asked at once: a model of a custom store is not made before its snapshot is read.
    func dataStoreModel(for identifier: PersistentIdentifier) -> any PersistentModel {
        do {
            if let model = try existingDataStoreModel(for: identifier) { return model }
            preconditionFailure("the store \(identifier.storeIdentifier ?? "") has no model \(identifier)")
        } catch {
            preconditionFailure("the model \(identifier) cannot be read from its store: \(error)")
        }
    }
}
