internal import GRDB

extension ModelContextCore {
    /// Brings this context's registered models up to date with a save of another context
    /// of the container, as SwiftData's main context merges other contexts' saves.
    ///
    /// A model without unsaved changes whose row the save updated shows the row's values
    /// now, and its relationships are read again on next access; observers of each
    /// property that changed, and of each loaded relationship, are told. A model whose row
    /// the save deleted leaves the context (its ``PersistentModel/modelContext`` is nil,
    /// and its values stay readable). Models with unsaved changes are left as they are, for
    /// the context's own save or rollback to decide.
    func merge(_ change: ModelContainer.Change) {
        let updated = change.updated.compactMap(registeredUnchangedModel(for:))
        let dataStoreSnapshots = currentDataStoreSnapshots(of: updated)
        for model in updated {
            do {
                try reload(model, dataStoreSnapshots: dataStoreSnapshots)
            } catch {
                Self.logger.notice("cannot merge the saved \(model.persistentBackingData.entity.name): \(error)")
            }
        }
        for identifier in change.deleted {
            guard let model = registeredUnchangedModel(for: identifier) else { continue }
            release(model)
        }
        if !change.deletedInBulk.isEmpty {
            do {
                try mergeBulkDeletions(of: change.deletedInBulk)
            } catch {
                Self.logger.notice("cannot merge a bulk deletion: \(error)")
            }
        }
    }

    /// A registered model whose row another context deleted leaves the context; the
    /// models its to-ones held read their lists again.
    private func release(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        for index in backing.entity.toOnePropertyIndices {
            forgetInverseList(at: index, of: backing, naming: [heldTarget(at: index, of: backing)])
        }
        if let primaryKey = backing.primaryKey {
            identityMap.remove(IdentityMap.key(backing.entity, primaryKey))
        }
        backing.leaveContext()
        backing.forgetPrimaryKey()
    }

    /// Releases the registered models without unsaved changes, of the hierarchies of
    /// `entityNames`, whose rows are gone: a bulk deletion names its entities, not its rows.
    private func mergeBulkDeletions(of entityNames: Set<String>) throws {
        let roots = entityNames.compactMap { container.schema.descriptorsByName[$0]?.rootEntity }
        let hierarchies = Set(roots.map(\.identityIndex))
        var byRoot: [ObjectIdentifier: (root: EntityDescriptor, models: [Int64: any PersistentModel])] = [:]
        for model in identityMap.liveModels(ofHierarchies: hierarchies) {
            let backing = model.persistentBackingData
            guard backing.state == .persisted, !changedModels.contains(model), let key = backing.primaryKey else {
                continue
            }
            let root = backing.entity.rootEntity
            byRoot[ObjectIdentifier(root), default: (root, [:])].models[key] = model
        }
        for (root, models) in byRoot.values {
            let list = "[" + models.keys.map(String.init).joined(separator: ",") + "]"
            let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
            let remaining = try access(for: root).read { db in
                try Set(
                    Int64.fetchAll(
                        db,
                        sql:
                            "SELECT \(primaryKey) FROM \(root.quotedTable) WHERE \(primaryKey) IN (SELECT value FROM json_each(?))",
                        arguments: [list]))
            }
            for (key, model) in models where !remaining.contains(key) { release(model) }
        }
    }

    /// The registered model of `identifier` when it has no unsaved change.
    private func registeredUnchangedModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        let registered: (any PersistentModel)?
        if let primaryKey = identifier.primaryKey,
            let entity = container.schema.descriptorsByName[identifier.entityName]
        {
            registered = identityMap[IdentityMap.key(entity, primaryKey)]
        } else {
            // A custom store's identifier names no row key: the store's keys know its model.
            registered = registeredDataStoreModel(for: identifier)
        }
        guard let model = registered, model.persistentBackingData.state == .persisted, !changedModels.contains(model)
        else { return nil }
        return model
    }

    /// Reads a registered model's row again and shows it, telling the observers of what
    /// changed. A model of a custom store shows its snapshot in `dataStoreSnapshots`.
    private func reload(
        _ model: any PersistentModel, dataStoreSnapshots: [PersistentIdentifier: DefaultSnapshot]
    ) throws {
        let backing = model.persistentBackingData
        guard let stored = try currentStoredValues(of: backing, dataStoreSnapshots: dataStoreSnapshots) else {
            return
        }
        // The models a to-one held and holds now read their lists again: the list a model
        // holds through the inverse is the rows whose column names it.
        for index in backing.entity.toOnePropertyIndices where stored[index] != backing.storedValue(at: index) {
            var key: Int64?
            if case .integer(let value) = stored[index] { key = value }
            forgetInverseList(at: index, of: backing, naming: [heldTarget(at: index, of: backing), key])
        }
        for index in backing.entity.columnPropertyIndices where stored[index] != backing.storedValue(at: index) {
            ModelObservation.withMutation(of: model, at: index) { backing.setStoredValue(stored[index], at: index) }
        }
        for property in backing.entity.properties where property.relationship != nil {
            if case .notLoaded = backing.relationship(at: property.index) { continue }
            ModelObservation.withMutation(of: model, at: property.index) {
                backing.setRelationship(.notLoaded, at: property.index)
            }
        }
    }

    /// The values a registered model's row holds now, as its backing data holds them; nil
    /// when the row is gone. A model of a custom store takes them from its snapshot in
    /// `dataStoreSnapshots`.
    private func currentStoredValues(
        of backing: ModelBackingData, dataStoreSnapshots: [PersistentIdentifier: DefaultSnapshot]
    ) throws -> [StoredValue]? {
        if let store = dataStore(for: backing.entity) {
            return dataStoreSnapshots[backing.persistentModelID].map { storedValues(of: backing, in: $0, of: store) }
        }
        guard let primaryKey = backing.primaryKey else { return nil }
        let query = query(for: backing.entity)
        var stored: [StoredValue]?
        try access(for: backing.entity).read { db in
            let statement = try db.fetchStatement(sql: query.selectByKeySQL)
            try FetchedRow.forEach(in: statement, arguments: [primaryKey.databaseValue], db: db) { row in
                var values = backing.storedValues
                let rowKind = query.discriminatorColumn.map { Int(row.int64(at: $0)) } ?? 0
                values.withUnsafeMutableBufferPointer { row.assign(to: $0, columns: query.kinds[rowKind].columns) }
                stored = values
            }
        }
        return stored
    }

    /// The key of the model the to-one at `index` holds: the one loaded, else its column.
    private func heldTarget(at index: Int, of backing: ModelBackingData) -> Int64? {
        if case .toOne(let target) = backing.relationship(at: index) {
            return target?.persistentBackingData.primaryKey
        }
        if case .integer(let key) = backing.storedValue(at: index) { return key }
        return nil
    }

    /// Makes the registered models without unsaved changes with these keys read again the
    /// to-many list that is the inverse of the to-one at `index` (a merged save changed
    /// which rows the to-one names).
    private func forgetInverseList(at index: Int, of backing: ModelBackingData, naming keys: [Int64?]) {
        guard let inverse = backing.entity.inverse(of: index),
            inverse.entity.properties[inverse.index].relationship?.isToMany == true
        else { return }
        for key in Set(keys.compactMap { $0 }) {
            guard let target = identityMap[IdentityMap.key(inverse.entity, key)],
                target.persistentBackingData.state == .persisted, !changedModels.contains(target)
            else { continue }
            // A custom store's model reads the list from its snapshot, loaded or not.
            if dataStore(for: inverse.entity) != nil { forgetDataStoreSnapshot(of: target.persistentBackingData) }
            guard case .toMany = target.persistentBackingData.relationship(at: inverse.index) else { continue }
            ModelObservation.withMutation(of: target, at: inverse.index) {
                target.persistentBackingData.setRelationship(.notLoaded, at: inverse.index)
            }
        }
    }
}
