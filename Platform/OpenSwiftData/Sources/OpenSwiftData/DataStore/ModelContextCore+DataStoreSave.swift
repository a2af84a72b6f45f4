import Foundation

extension ModelContextCore {
    /// Hands each custom store its share of a save (``DataStore/save(_:)``): full snapshots
    /// of the inserted and `changed` models, and snapshots of the deleted ones. Once a
    /// store has saved, its inserted models take the permanent identifiers it gave, its
    /// models' changes are settled and leave the context's pending changes, and the save is
    /// announced. A store that throws keeps its models' changes in the context, and the
    /// error reaches the caller.
    ///
    /// A store given temporary identifiers in relationships (an inserted model's targets
    /// inserted in the same save) may write them as they are: the snapshots that referred
    /// to them are then handed to it again as updates, with the permanent identifiers, but
    /// for the rows the store handed back to reregister (as it wrote them).
    ///
    /// A store may write an inserted model onto a stored row (SwiftData's upsert, on unique
    /// values) by giving it the row's identifier. When this context holds a model of that
    /// row, that model stays the row's live model and shows what the save wrote; the
    /// inserted model leaves the context, and the save's other models that held it hold the
    /// row's model instead, as on the SQLite store.
    func saveToDataStores(changed: [any PersistentModel]) throws {
        guard let dataStores = container.stores.dataStores else { return }
        for (index, store) in dataStores.stores.enumerated() {
            let isInStore = { (model: any PersistentModel) in
                dataStores.index(of: model.persistentBackingData.entity) == index
            }
            let inserted = insertedModels.models.filter(isInStore)
            let updated = changed.filter(isInStore)
            let deleted = deletedModels.models.filter(isInStore)
            guard !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty else { continue }
            let session = dataStoreSession(starting: store)
            let insertedSnapshots = inserted.map { snapshot(of: $0, session: session) }
            let updatedSnapshots = updated.map { snapshot(of: $0, session: session) }
            let deletedSnapshots = deleted.map { snapshot(of: $0, session: session) }
            var changedProperties: [PersistentIdentifier: Set<String>] = [:]
            var asRead: [PersistentIdentifier: DefaultSnapshot] = [:]
            for (model, snapshot) in zip(updated, updatedSnapshots) {
                let backing = model.persistentBackingData
                changedProperties[snapshot.persistentIdentifier] = Set(
                    backing.changedProperties.map { backing.entity.properties[$0].name })
                asRead[snapshot.persistentIdentifier] = session.snapshots[snapshot.persistentIdentifier]
            }
            let result = try store.save(
                DataStoreSaveChangesRequest(
                    editingState: editingState, inserted: insertedSnapshots, updated: updatedSnapshots,
                    deleted: deletedSnapshots, changedProperties: changedProperties, snapshotsAsRead: asRead))
            let remapped = result.remappedIdentifiers
            var saved = (
                inserted: [PersistentIdentifier](), updated: [PersistentIdentifier](), deleted: [PersistentIdentifier]()
            )
            // The models that still point at the deleted ones (`.noAction`, `.deny`) let go of
            // them, as the store's rows did.
            forgetLinksLeftByDelete(to: deleted)
            for (model, snapshot) in zip(deleted, deletedSnapshots) {
                settleDeleted(model, store: store)
                session.snapshots[snapshot.persistentIdentifier] = nil
                saved.deleted.append(snapshot.persistentIdentifier)
            }
            var rewritten: [DefaultSnapshot] = []
            // Of each: the relationships that named temporary identifiers.
            var rewrittenProperties: [PersistentIdentifier: Set<String>] = [:]
            // The inserted models a store wrote onto a row this context holds another model of
            // (an upsert on unique values), by inserted model: the row's model stays live.
            var replaced: [ObjectIdentifier: any PersistentModel] = [:]
            var upsertedInto: [ModelBackingData] = []
            for (model, snapshot) in zip(inserted, insertedSnapshots) {
                let identifier = remapped[snapshot.persistentIdentifier] ?? snapshot.persistentIdentifier
                let settled = snapshot.copy(persistentIdentifier: identifier, remappedIdentifiers: remapped)
                if let registered = modelHoldingRow(identifier, of: model, store: store) {
                    settleUpsert(model, identifier: identifier, into: registered, store: store)
                    replaced[ObjectIdentifier(model)] = registered
                    upsertedInto.append(registered.persistentBackingData)
                    saved.updated.append(identifier)
                } else {
                    settleInserted(model, identifier: identifier, store: store)
                    saved.inserted.append(identifier)
                }
                session.snapshots[identifier] = settled
                // A row the store hands back is as it wrote it, links to new models included.
                if snapshot.refers(toAnyOf: remapped), result.snapshotsToReregister[identifier] == nil {
                    rewritten.append(settled)
                    rewrittenProperties[identifier] = snapshot.relationships(referringToAnyOf: remapped)
                }
            }
            for (model, snapshot) in zip(updated, updatedSnapshots) {
                let settled = snapshot.copy(
                    persistentIdentifier: snapshot.persistentIdentifier, remappedIdentifiers: remapped)
                model.persistentBackingData.forgetChangedProperties()
                model.persistentBackingData.forgetSnapshot()
                session.snapshots[snapshot.persistentIdentifier] = settled
                saved.updated.append(snapshot.persistentIdentifier)
                if snapshot.refers(toAnyOf: remapped),
                    result.snapshotsToReregister[snapshot.persistentIdentifier] == nil
                {
                    rewritten.append(settled)
                    rewrittenProperties[snapshot.persistentIdentifier] = snapshot.relationships(
                        referringToAnyOf: remapped)
                }
            }
            deletedModels.remove(contentsOf: deleted)
            insertedModels.remove(contentsOf: inserted)
            changedModels.remove(contentsOf: updated)
            if !replaced.isEmpty {
                repoint(
                    inserted.map(\.persistentBackingData) + updated.map(\.persistentBackingData) + upsertedInto,
                    to: replaced)
            }
            for model in inserted { storeToOneKeys(of: model.persistentBackingData) }
            for model in updated { storeToOneKeys(of: model.persistentBackingData) }
            for backing in upsertedInto {
                storeToOneKeys(of: backing)
                backing.forgetChangedProperties()
                backing.forgetSnapshot()
            }
            reregister(result.snapshotsToReregister, store: store, session: session)
            var rewriteError: (any Error)?
            if !rewritten.isEmpty {
                // As read: the links the save wrote but those to its new models, so that a
                // store that writes a many-to-many as the difference from what was read adds
                // those, and keeps the links other contexts made that this one never read.
                let newModels = Set(remapped.values)
                var asWritten: [PersistentIdentifier: DefaultSnapshot] = [:]
                for snapshot in rewritten {
                    asWritten[snapshot.persistentIdentifier] = snapshot.removingReferences(to: newModels)
                }
                do {
                    _ = try store.save(
                        DataStoreSaveChangesRequest(
                            editingState: editingState, inserted: [], updated: rewritten, deleted: [],
                            changedProperties: rewrittenProperties, snapshotsAsRead: asWritten))
                } catch {
                    rewriteError = error
                }
            }
            announce(
                ModelContainer.Change(
                    inserted: saved.inserted, updated: saved.updated, deleted: saved.deleted, erasedAll: false))
            if let rewriteError { throw rewriteError }
        }
    }

    /// A model's snapshot as it is in the context: its attributes' values, and its
    /// relationships' targets (a relationship not read since the model's last snapshot is
    /// as that snapshot says).
    func snapshot(of model: any PersistentModel, session: DataStoreSession) -> DefaultSnapshot {
        let backing = model.persistentBackingData
        let identifier = backing.persistentModelID
        let previous = session.snapshots[identifier]
        var values: [String: SnapshotValue] = [:]
        for property in backing.entity.properties {
            guard let relationship = property.relationship else {
                values[property.name] = .attribute(backing.storedValue(at: property.index))
                continue
            }
            switch backing.relationship(at: property.index) {
            case .notLoaded:
                values[property.name] =
                    previous?.values[property.name] ?? (relationship.isToMany ? .toMany([]) : .toOne(nil))
            case .toOne(let target):
                values[property.name] = .toOne(target?.persistentModelID)
            case .toMany(let targets):
                values[property.name] = .toMany(targets.map(\.persistentModelID))
            }
        }
        return DefaultSnapshot(persistentIdentifier: identifier, values: values)
    }

    /// An inserted model saved by a custom store takes the identifier the store gave.
    private func settleInserted(
        _ model: any PersistentModel, identifier: PersistentIdentifier, store: any OpenedDataStore
    ) {
        let backing = model.persistentBackingData
        let key = store.keys.key(for: identifier)
        let memo = backing.identifierMemo ?? IdentifierMemo()
        memo.dataStoreIdentifier = identifier
        backing.identifierMemo = memo
        backing.primaryKey = key
        backing.state = .persisted
        backing.forgetLeftByDelete()
        identityMap.register(model, for: key)
        backing.forgetChangedProperties()
        backing.forgetSnapshot()
    }

    /// The model this context holds of the row a store wrote an inserted model onto, when
    /// that is another model: the row was stored (or inserted by a model before it in the
    /// save) with the same unique values.
    private func modelHoldingRow(
        _ identifier: PersistentIdentifier, of model: any PersistentModel, store: any OpenedDataStore
    ) -> (any PersistentModel)? {
        guard let key = store.keys.existingKey(for: identifier),
            let registered = identityMap[IdentityMap.key(model.persistentBackingData.entity, key)],
            registered !== model
        else { return nil }
        return registered
    }

    /// An inserted model a store wrote onto the row of another model this context holds
    /// leaves the context with the row's identifier, as on the SQLite store
    /// (``settleUpsert(of:key:into:)``): the held model shows what the save wrote.
    private func settleUpsert(
        _ model: any PersistentModel, identifier: PersistentIdentifier, into registered: any PersistentModel,
        store: any OpenedDataStore
    ) {
        let backing = model.persistentBackingData
        let memo = backing.identifierMemo ?? IdentifierMemo()
        memo.dataStoreIdentifier = identifier
        backing.identifierMemo = memo
        forgetLinksReplacedByUpsert(of: backing, in: registered)
        settleUpsert(of: backing, key: store.keys.key(for: identifier), into: registered.persistentBackingData)
        backing.forgetSnapshot()
    }

    /// Stores the key of each to-one relationship's target as the save wrote it, as a
    /// SQLite save does (``ModelContextCore/materialize(_:entity:store:)``).
    private func storeToOneKeys(of backing: ModelBackingData) {
        for index in backing.entity.toOnePropertyIndices {
            guard case .toOne(let target) = backing.relationship(at: index) else { continue }
            backing.setStoredValue(target?.persistentBackingData.primaryKey.map { .integer($0) } ?? .null, at: index)
        }
    }

    /// A deleted model saved by a custom store leaves the context, keeping its identifier.
    private func settleDeleted(_ model: any PersistentModel, store: any OpenedDataStore) {
        let backing = model.persistentBackingData
        if let key = backing.primaryKey { identityMap.remove(IdentityMap.key(backing.entity, key)) }
        backing.leaveContext()
        backing.forgetPrimaryKey()
        // Inserted again, it links back to the models its relationships hold, as on SQLite.
        backing.markLeftByDelete()
        backing.forgetSnapshot()
        backing.forgetChangedProperties()
    }

    /// Shows the snapshots a store changed in saving: a registered model without unsaved
    /// changes takes their values, and reads its relationships from them.
    private func reregister(
        _ snapshots: [PersistentIdentifier: DefaultSnapshot], store: any OpenedDataStore, session: DataStoreSession
    ) {
        for (identifier, snapshot) in snapshots {
            session.snapshots[identifier] = snapshot
            guard let entity = container.schema.descriptorsByName[identifier.entityName],
                store.keys.existingKey(for: identifier) != nil
            else { continue }
            _ = materialize(snapshot, entity: entity, store: store)
        }
    }
}
