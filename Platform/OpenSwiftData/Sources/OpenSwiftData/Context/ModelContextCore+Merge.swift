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
        for identifier in change.updated {
            guard let model = registeredUnchangedModel(for: identifier) else { continue }
            do {
                try reload(model)
            } catch {
                Self.logger.notice("cannot merge the saved \(identifier.entityName): \(error)")
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

    /// A registered model whose row another context deleted leaves the context.
    private func release(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
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
        guard let primaryKey = identifier.primaryKey,
            let entity = container.schema.descriptorsByName[identifier.entityName],
            let model = identityMap[IdentityMap.key(entity, primaryKey)],
            model.persistentBackingData.state == .persisted, !changedModels.contains(model)
        else { return nil }
        return model
    }

    /// Reads a registered model's row again and shows it, telling the observers of what
    /// changed.
    private func reload(_ model: any PersistentModel) throws {
        let backing = model.persistentBackingData
        guard let primaryKey = backing.primaryKey else { return }
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
        guard let stored else { return }
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
}
