import Foundation

extension ModelContextCore {
    /// The work of ``ModelContext/delete(model:where:includeSubclasses:)``.
    ///
    /// A predicate that translates to SQL in full deletes in SQL at the next save
    /// (``BulkDeletion``): the rows are never read, and deleting a million costs the memory
    /// of deleting one. The models the context holds are decided now, on their current
    /// values, and deleted as ``delete(_:)`` deletes them; the other rows are those that
    /// match in the store when the context saves. Another predicate, or a custom data
    /// store's entity, fetches the models and deletes each.
    func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws {
        // A custom store's models are fetched from it, and deleted through its save.
        if try dataStore(for: T.self) != nil {
            return try deleteFetched(predicate, includeSubclasses: includeSubclasses)
        }
        let entity = try descriptor(for: T.self)
        var condition: SQLFragment?
        if let predicate {
            guard let translated = PredicateTranslator.condition(for: predicate, entity: entity), translated.isExact
            else {
                return try deleteFetched(predicate, includeSubclasses: includeSubclasses)
            }
            condition = translated.fragment
        }
        var excludedKeys: [Int64] = []
        for model in heldModels(of: entity) {
            let backing = model.persistentBackingData
            // Without subclasses, only models of `T`'s own entity.
            guard includeSubclasses || backing.entity === entity, let typed = model as? T else { continue }
            if backing.state == .persisted, backing.hasChangedProperties, let key = backing.primaryKey {
                excludedKeys.append(key)
            }
            if try predicate?.evaluate(typed) ?? true { deleteModel(model) }
        }
        pendingBulkDeletes.append(
            BulkDeleteRequest(
                entity: entity, condition: condition, includeSubclasses: includeSubclasses, excludedKeys: excludedKeys))
        scheduleAutosave()
    }

    /// The inserted and registered models of `entity` and its sub-entities that are not
    /// deleted.
    private func heldModels(of entity: EntityDescriptor) -> [any PersistentModel] {
        let inserted = insertedModels.models.filter { $0.persistentBackingData.entity.isKind(of: entity) }
        let registered = identityMap.liveModels(ofHierarchies: [entity.identityIndex]).filter {
            $0.persistentBackingData.state == .persisted && $0.persistentBackingData.entity.isKind(of: entity)
        }
        return inserted + registered
    }

    /// Deletes, one by one, the models a fetch of `predicate` returns.
    private func deleteFetched<T: PersistentModel>(_ predicate: Predicate<T>?, includeSubclasses: Bool) throws {
        for model in try fetch(FetchDescriptor<T>(predicate: predicate)) {
            guard includeSubclasses || model.persistentBackingData.entity.modelType == T.self else { continue }
            deleteModel(model)
        }
    }
}
