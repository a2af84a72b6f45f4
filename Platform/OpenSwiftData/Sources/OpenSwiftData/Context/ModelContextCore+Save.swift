import Foundation

extension ModelContextCore {
    /// The work of ``ModelContext/save()``.
    func save() throws {
        endUndoEvent()
        guard hasChanges else {
            changedModels.removeAll()
            forgetLinksToDiscardedInserts()
            return
        }
        let changed = changedModels.models.filter {
            $0.persistentBackingData.state == .persisted && $0.persistentBackingData.hasChangedProperties
        }
        let parts = StorePart.parts(
            inserted: insertedModels.models, changed: changed, deleted: deletedModels.models,
            stores: container.stores)
        guard parts.allSatisfy({ container.stores.stores[$0.storeIndex].allowsSave }) else {
            throw SwiftDataError.saveNotAllowed
        }
        let checks = neededSaveChecks()
        if checks.unreadRelationships { try checkUnreadRelationships() }
        try checkDeletesOverUnreadRelationships()
        if checks.unstorableValues { try checkUnstorableValues() }
        try checkDenyRules()
        if checks.requiredRelationships { try checkRequiredRelationships() }
        if checks.modelCounts { try checkModelCounts() }
        NotificationCenter.default.post(name: ModelContext.willSave, object: handle)
        let operations = parts.map { part in
            SaveOperation(
                inserted: part.inserted, changed: part.changed, deleted: part.deleted, bulkDeletes: part.bulkDeletes,
                layout: container.stores.schemas[part.storeIndex].layout, author: author,
                externalData: ExternalDataChanges(storeURL: container.stores.stores[part.storeIndex].url))
        }
        // Custom stores save last, inside every SQLite transaction of the save: a custom
        // store's failure rolls the SQLite stores back. (Only a failing commit, after the
        // custom stores saved, can leave them apart.)
        let savesToDataStores = container.stores.dataStores != nil
        if savesToDataStores, operations.isEmpty { try saveToDataStores(changed: changed) }
        var dataStoreError: (any Error)?
        let outcome = NestedTransactions.run(
            count: operations.count, path: { self.container.stores.stores[parts[$0].storeIndex].identifier },
            transaction: { position, body in try self.access(toStore: parts[position].storeIndex).write(body) }
        ) { position, db in
            let written = try operations[position].run(db, registered: { self.identityMap.existingTable(for: $0) })
            if savesToDataStores, position == operations.count - 1 {
                do {
                    try self.saveToDataStores(changed: changed)
                } catch {
                    dataStoreError = error
                    throw error
                }
            }
            return written
        }
        var saved = SavedIdentifiers()
        for (position, (operation, written)) in zip(operations, outcome.committed).enumerated() {
            // The large data files a store's part wrote go with its rolled-back rows.
            guard let written else {
                operation.externalData?.discardWritten()
                continue
            }
            if let ledger {
                ledger.record(
                    inserted: zip(written.keys.isUpsert, operation.insertedBackings).compactMap { isUpsert, backing in
                        isUpsert ? nil : backing.entity
                    },
                    updated: operation.changed.count + written.keys.upsertCount,
                    deleted: operation.deletedBackings.compactMap { $0.primaryKey == nil ? nil : $0.entity }
                )
            }
            settle(operation, keys: written.keys, into: &saved)
            saved.updated += written.updatedElsewhere.map { row in
                PersistentIdentifier(
                    entityName: row.entity,
                    storeIdentifier: container.stores.stores[parts[position].storeIndex].identifier,
                    key: .permanent(row.key))
            }
        }
        if outcome.error == nil {
            insertedModels.removeAll()
            changedModels.removeAll()
            deletedModels.removeAll()
            forgetLinksToDiscardedInserts()
        } else {
            for (operation, written) in zip(operations, outcome.committed) where written != nil {
                insertedModels.remove(contentsOf: operation.inserted)
                changedModels.remove(contentsOf: operation.changed)
                deletedModels.remove(contentsOf: operation.deleted)
            }
        }
        if !saved.isEmpty { announce(saved) }
        // A custom store's own error, as the store threw it.
        if let dataStoreError { throw dataStoreError }
        if let error = outcome.error { throw error }
    }

    /// The identifiers of what a save wrote, for its notifications.
    struct SavedIdentifiers {
        var inserted: [PersistentIdentifier] = []
        var updated: [PersistentIdentifier] = []
        var deleted: [PersistentIdentifier] = []

        /// The entities of the rows bulk deletions removed, which ``deleted`` lists only
        /// the context's models of.
        var deletedInBulk: Set<String> = []

        var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty && deletedInBulk.isEmpty }

        /// Adds a store's inserted and updated identifiers. The first store's lists are
        /// kept as they are: a save to one store copies none.
        mutating func add(inserted newInserted: [PersistentIdentifier], updated newUpdated: [PersistentIdentifier]) {
            if inserted.isEmpty { inserted = newInserted } else { inserted += newInserted }
            if updated.isEmpty { updated = newUpdated } else { updated += newUpdated }
        }
    }

    /// Brings the models of one store's part of a save in line with what it wrote.
    private func settle(_ operation: SaveOperation, keys: InsertedKeys, into saved: inout SavedIdentifiers) {
        forgetLinksLeftByDelete(to: operation.deleted)
        for backing in operation.deletedBackings {
            saved.deleted.append(backing.persistentModelID)
            if let primaryKey = backing.primaryKey {
                identityMap.remove(IdentityMap.key(backing.entity, primaryKey))
            }
            backing.leaveContext()
            // Its row is gone: inserted again, the model is a new row with a new key.
            // Until then it keeps the identifier its row had, as SwiftData's do.
            backing.forgetPrimaryKey()
            backing.markLeftByDelete()
            backing.forgetSnapshot()
            backing.forgetChangedProperties()
        }
        // Inserts come in runs of one entity: each run's identity table is looked up once.
        var run: (entity: EntityDescriptor, table: PrimaryKeyTable)?
        var replaced: [ObjectIdentifier: any PersistentModel] = [:]
        var upsertedInto: [ModelBackingData] = []
        for (position, (model, backing)) in zip(operation.inserted, operation.insertedBackings).enumerated() {
            let primaryKey = keys.byPosition[position]
            if keys.isUpsert[position], let registered = identityMap[IdentityMap.key(backing.entity, primaryKey)],
                registered !== model
            {
                forgetLinksReplacedByUpsert(of: backing, in: registered)
                settleUpsert(of: backing, key: primaryKey, into: registered.persistentBackingData)
                replaced[ObjectIdentifier(model)] = registered
                upsertedInto.append(registered.persistentBackingData)
                continue
            }
            if keys.isUpsert[position] {
                // The row it updated has to-many links of its own, which the model reads from
                // the store. (Its to-ones keep what the model set, which the save wrote.)
                for property in backing.entity.properties where property.relationship?.isToMany == true {
                    backing.setRelationship(.notLoaded, at: property.index)
                }
            }
            backing.primaryKey = primaryKey
            backing.state = .persisted
            backing.forgetLeftByDelete()
            let entity = backing.entity
            if run?.entity !== entity { run = (entity, identityMap.table(for: entity)) }
            run?.table.register(model, backing: backing)
        }
        if !replaced.isEmpty {
            repoint(operation.insertedBackings + operation.changedBackings + upsertedInto, to: replaced)
        }
        // Each list on its own: joined, they would be copied, a retain and a release per model.
        for backing in operation.insertedBackings { settleWritten(backing) }
        for backing in operation.changedBackings { settleWritten(backing) }
        // Now that every insert has its key: the to-ones an upsert set on the row's model.
        for backing in upsertedInto { settleWritten(backing) }
        saved.add(
            inserted: operation.insertedBackings.map(\.persistentModelID),
            updated: operation.changedBackings.map(\.persistentModelID))
    }

    /// Brings the context in line with a bulk deletion: the models it held of rows that
    /// went leave it, as deleted models do.
    func settle(_ bulk: BulkDeletion.Outcome, into saved: inout SavedIdentifiers) {
        saved.deleted += bulk.registeredModels.map(\.persistentModelID)
        leaveContext(rowsGone: bulk.registeredModels)
        saved.deletedInBulk.formUnion(bulk.counts.keys)
    }

    /// The context's models of rows deleted outside its saves (a bulk deletion) leave it, as
    /// deleted models do, whatever changes they held.
    func leaveContext(rowsGone models: [any PersistentModel]) {
        // First, while every model still knows its context: links between the models of
        // deleted rows (a person and its badges) would keep one another, the context's models
        // they hold, the context and its container alive; and the context's models would show
        // rows that are gone.
        for model in models { forgetLinks(of: model) }
        for model in models {
            let backing = model.persistentBackingData
            if let primaryKey = backing.primaryKey {
                identityMap.remove(IdentityMap.key(backing.entity, primaryKey))
            }
            changedModels.remove(model)
            deletedModels.remove(model)
            backing.leaveContext()
            backing.forgetPrimaryKey()
            backing.markLeftByDelete()
            backing.forgetSnapshot()
            backing.forgetChangedProperties()
        }
    }

    /// One row, one live model: when an inserted model updated a stored row (its unique
    /// values matched) that this context holds a model of, the held model stays the row's
    /// model. It shows the attributes and to-ones the upsert wrote, except those it changed
    /// itself in the same save (written after the upsert), and reads its other
    /// relationships again on next access. The inserted model leaves the context, as a
    /// deleted one does, with the row's identifier: other models of the context refer to
    /// the held one.
    func settleUpsert(of inserted: ModelBackingData, key: Int64, into registered: ModelBackingData) {
        let ownChanges = registered.changedProperties
        for index in registered.entity.columnPropertyIndices
        where registered.entity.properties[index].relationship == nil && !ownChanges.contains(index) {
            registered.setStoredValue(inserted.storedValue(at: index), at: index)
        }
        for property in registered.entity.properties where property.relationship != nil {
            if ownChanges.contains(property.index) { continue }
            if case .toOne(let written?) = inserted.relationship(at: property.index) {
                // Its key is stored once every insert of the save has one.
                registered.setRelationship(.toOne(written), at: property.index)
            } else {
                registered.setRelationship(.notLoaded, at: property.index)
            }
        }
        inserted.primaryKey = key
        inserted.state = .detached
        inserted.leaveContext()
        inserted.forgetChangedProperties()
    }

    /// The models the row's to-ones held before an upsert set them to other models let go
    /// of the row's live model in their inverses (an employee who no longer manages the
    /// club), as the store's links already do. Not a change: the store already says so.
    func forgetLinksReplacedByUpsert(of inserted: ModelBackingData, in registered: any PersistentModel) {
        let backing = registered.persistentBackingData
        for index in backing.entity.toOnePropertyIndices where !backing.changedProperties.contains(index) {
            guard case .toOne(let new?) = inserted.relationship(at: index),
                let inverse = backing.entity.inverse(of: index)
            else { continue }
            var old: (any PersistentModel)?
            if case .toOne(let held) = backing.relationship(at: index) {
                old = held
            } else if case .integer(let key) = backing.storedValue(at: index) {
                old = identityMap[IdentityMap.key(inverse.entity, key)]
            }
            guard let old, old !== new else { continue }
            removeLinks(to: [ObjectIdentifier(registered)], from: old, at: inverse.index)
        }
    }

    /// Makes the relationships of the save's models (`backings`) that hold an inserted model
    /// which left the context through an upsert hold the row's live model instead
    /// (`replaced`, by the inserted model), as the store's links already do: a later change
    /// of them then writes the row's key, not a detached model's.
    func repoint(_ backings: [ModelBackingData], to replaced: [ObjectIdentifier: any PersistentModel]) {
        for backing in backings where backing.context != nil {
            for property in backing.entity.properties where property.relationship != nil {
                switch backing.relationship(at: property.index) {
                case .toOne(let target?):
                    if let live = replaced[ObjectIdentifier(target)] {
                        backing.setRelationship(.toOne(live), at: property.index)
                    }
                case .toMany(let targets) where targets.contains(where: { replaced[ObjectIdentifier($0)] != nil }):
                    var seen = Set<ObjectIdentifier>()
                    let live = targets.map { replaced[ObjectIdentifier($0)] ?? $0 }.filter {
                        seen.insert(ObjectIdentifier($0)).inserted
                    }
                    backing.setRelationship(.toMany(live), at: property.index)
                default:
                    break
                }
            }
        }
    }

    /// Brings an inserted or changed model's backing data in line with what its save
    /// wrote: its to-one relationships' keys are stored, and its changes forgotten.
    private func settleWritten(_ backing: ModelBackingData) {
        for index in backing.entity.toOnePropertyIndices {
            if case .toOne(let target) = backing.relationship(at: index) {
                backing.setStoredValue(
                    target?.persistentBackingData.primaryKey.map { .integer($0) } ?? .null, at: index)
            }
        }
        backing.forgetChangedProperties()
        backing.forgetSnapshot()
    }

    /// Tells observers what a save wrote, once it has committed: at once, or, for a
    /// context inside a caller's transaction (a sync transaction's), when that
    /// transaction commits (``heldChanges``). An observer that reads the store, on any
    /// connection, then sees what the save wrote.
    func announce(_ saved: SavedIdentifiers) {
        let change = ModelContainer.Change(
            inserted: saved.inserted, updated: saved.updated, deleted: saved.deleted,
            deletedInBulk: saved.deletedInBulk, erasedAll: false)
        if heldChanges != nil {
            heldChanges?.append(change)
        } else {
            announce(change)
        }
    }

    /// Posts the did-save notification of a committed save and tells the container's
    /// observers.
    func announce(_ change: ModelContainer.Change) {
        container.announce(change, savedBy: handle, mergingIntoMainContext: !isMainContext)
    }
}

extension ModelContainer {
    /// Posts the did-save notification of a committed save, with `context` as its object,
    /// tells the container's observers, and merges it into the main context unless told not to.
    func announce(_ change: Change, savedBy context: ModelContext?, mergingIntoMainContext: Bool = true) {
        NotificationCenter.default.post(
            name: ModelContext.didSave, object: context,
            userInfo: [
                ModelContext.NotificationKey.insertedIdentifiers.rawValue: change.inserted,
                ModelContext.NotificationKey.updatedIdentifiers.rawValue: change.updated,
                ModelContext.NotificationKey.deletedIdentifiers.rawValue: change.deleted,
            ])
        saveBroadcaster.publish(change)
        if mergingIntoMainContext { mergeIntoMainContext(change) }
    }
}
