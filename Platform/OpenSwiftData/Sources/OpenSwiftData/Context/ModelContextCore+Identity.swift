internal import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/registeredModel(for:)``.
    func registeredModel<T: PersistentModel>(for identifier: PersistentIdentifier) -> T? {
        if identifier.isDataStoreIdentifier { return registeredDataStoreModel(for: identifier) as? T }
        guard let primaryKey = identifier.primaryKey,
            let entity = container.schema.descriptorsByName[identifier.entityName]
        else {
            return insertedModel(for: identifier) as? T
        }
        return identityMap[IdentityMap.key(entity, primaryKey)] as? T
    }

    /// The work of ``ModelContext/model(for:)``.
    func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        if identifier.isDataStoreIdentifier { return dataStoreModel(for: identifier) }
        guard let primaryKey = identifier.primaryKey else {
            guard let inserted = insertedModel(for: identifier) else {
                preconditionFailure(
                    "no \(identifier.entityName) with the temporary identifier \(identifier) is inserted in this context"
                )
            }
            return inserted
        }
        guard let entity = container.schema.descriptorsByName[identifier.entityName] else {
            preconditionFailure("this context's schema has no entity \(identifier.entityName)")
        }
        checkMainActor(for: entity)
        do {
            if let existing = try existingModel(of: entity, primaryKey: primaryKey) { return existing }
        } catch {
            Self.logger.notice("\(entity.name) \(primaryKey) cannot be read now, and is given as a fault: \(error)")
        }
        return fault(of: entity, primaryKey: primaryKey)
    }

    /// The model with this identifier, registered in this context or read from the
    /// store, or nil when there is no such model (no row, or the store cannot be read):
    /// what a model actor's subscript answers.
    func existingModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        if identifier.isDataStoreIdentifier { return try? existingDataStoreModel(for: identifier) }
        guard let primaryKey = identifier.primaryKey,
            let entity = container.schema.descriptorsByName[identifier.entityName]
        else {
            return insertedModel(for: identifier)
        }
        return try? existingModel(of: entity, primaryKey: primaryKey)
    }

    private func existingModel(of entity: EntityDescriptor, primaryKey: Int64) throws -> (any PersistentModel)? {
        if let registered = identityMap[IdentityMap.key(entity, primaryKey)] { return registered }
        return try access(for: entity).read { db in try model(of: entity, primaryKey: primaryKey, db: db) }
    }

    private func insertedModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        insertedModels.models.first { $0.persistentModelID == identifier }
    }

    /// A model of `entity`'s class for the row `primaryKey`, registered in this context,
    /// with none of its values read: they are read from the store at the first read of
    /// any of them, as a partial fetch's left-out values are
    /// (``ModelBackingData/readUnreadValue(at:)``).
    private func fault(of entity: EntityDescriptor, primaryKey: Int64) -> any PersistentModel {
        let columns = Set(entity.columnPropertyIndices)
        let backing = ModelBackingData.make(entity: entity, primaryKey: primaryKey) { values in
            for index in values.indices {
                values.initializeElement(at: index, to: columns.contains(index) ? .notRead : .null)
            }
        }
        // A batch of its own, so that deleting the fault reads its values first, as a
        // partial fetch's models do.
        let batch = FetchBatch(entity: entity)
        backing.fetchBatch = batch
        backing.fetchBatchPosition = batch.append(primaryKey)
        backing.context = self
        backing.state = .persisted
        func make<Model: PersistentModel>(_: Model.Type) -> any PersistentModel { Model(backingData: backing) }
        let model = make(entity.modelType)
        identityMap.register(model, for: primaryKey)
        return model
    }
}
