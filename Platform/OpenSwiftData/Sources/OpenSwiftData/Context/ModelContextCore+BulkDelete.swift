import Foundation
internal import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/delete(model:where:includeSubclasses:)``.
    ///
    /// As SwiftData's batch delete does, the deletion writes to the store when it is
    /// called, in a transaction of its own, not at the next save: inserts that follow it
    /// and carry the unique values of deleted rows are new rows, and a ``rollback()``
    /// does not bring the rows back. (SwiftData's source: its batch delete throws a
    /// store's constraint error from the call itself, and apps rely on the timing, for
    /// example the origin app's TV listings store: "the `delete(model:)` calls write
    /// directly to the persistent store".)
    ///
    /// A predicate that translates to SQL in full deletes in SQL (``BulkDeletion``): the
    /// rows are never read, and deleting a million costs the memory of deleting one. The
    /// context's inserted models, and its models with unsaved changes, are decided on
    /// their current values and deleted as ``delete(_:)`` deletes them, at the next save;
    /// the other rows are those that match in the store now. Another predicate fetches the
    /// matching models, and deletes the rows of those without unsaved changes by key, in
    /// the same way. For a custom data store, the same models are decided in memory; the
    /// other rows that match go at the call, through a save of their own
    /// (``deleteInDataStore(_:entity:includeSubclasses:store:)``).
    func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws {
        let entity = try descriptor(for: T.self)
        if let store = try dataStore(for: T.self) {
            return try deleteInDataStore(predicate, entity: entity, includeSubclasses: includeSubclasses, store: store)
        }
        var condition: SQLFragment?
        if let predicate {
            guard let translated = PredicateTranslator.condition(for: predicate, entity: entity), translated.isExact
            else {
                return try deleteMatchingInSwift(predicate, entity: entity, includeSubclasses: includeSubclasses)
            }
            condition = translated.fragment
        }
        var excludedKeys: [Int64] = []
        var decidedNow: [any PersistentModel] = []
        for model in heldModels(of: entity) {
            let backing = model.persistentBackingData
            // Without subclasses, only models of `T`'s own entity.
            guard includeSubclasses || backing.entity === entity, let typed = model as? T else { continue }
            // A stored model without unsaved changes goes with its row, in SQL.
            let isStoredAsHeld = backing.state == .persisted && !backing.hasChangedProperties
            if !isStoredAsHeld, let key = backing.primaryKey { excludedKeys.append(key) }
            if !isStoredAsHeld, try predicate?.evaluate(typed) ?? true { decidedNow.append(model) }
        }
        try deleteNow(
            BulkDeleteRequest(
                entity: entity, condition: condition, includeSubclasses: includeSubclasses, excludedKeys: excludedKeys))
        for model in decidedNow { deleteModel(model) }
    }

    /// Runs a bulk deletion in a transaction of its own, then lets the models of the rows
    /// it removed leave the context and tells observers, as a save does.
    ///
    /// - Throws: ``SwiftDataError/saveNotAllowed`` for a store that does not allow saves;
    ///   the refusal of a delete rule (`.deny`, or a row left without the target of a
    ///   relationship that is not optional), in which case nothing is deleted; the store's
    ///   error.
    private func deleteNow(_ request: BulkDeleteRequest) throws {
        let parts = StorePart.parts(
            inserted: [], changed: [], deleted: [], bulkDeletes: [request], stores: container.stores)
        guard parts.allSatisfy({ container.stores.stores[$0.storeIndex].allowsSave }) else {
            throw SwiftDataError.saveNotAllowed
        }
        let operations = parts.map { part in
            SaveOperation(
                inserted: [], changed: [], deleted: [], bulkDeletes: part.bulkDeletes,
                layout: container.stores.schemas[part.storeIndex].layout, author: author,
                externalData: ExternalDataChanges(storeURL: container.stores.stores[part.storeIndex].url))
        }
        let outcome = NestedTransactions.run(
            count: operations.count, path: { self.container.stores.stores[parts[$0].storeIndex].identifier },
            transaction: { position, body in try self.access(toStore: parts[position].storeIndex).write(body) }
        ) { position, db in
            let written = try operations[position].run(db, registered: { self.identityMap.existingTable(for: $0) })
            // Before the commit removes their rows' files: a model may be inserted again.
            for model in written.bulkDeleted?.registeredModels ?? [] {
                model.persistentBackingData.inlineExternalData()
            }
            return written
        }
        var saved = SavedIdentifiers()
        for (operation, written) in zip(operations, outcome.committed) {
            guard let bulk = written?.bulkDeleted else {
                operation.externalData?.discardWritten()
                continue
            }
            ledger?.record(deletedCounts: bulk.counts, layout: operation.layout)
            settle(bulk, into: &saved)
        }
        if outcome.committed.contains(where: { ($0?.bulkDeleted?.counts.isEmpty ?? true) == false }) {
            // Loaded relationships may hold models of rows that went.
            unloadRelationshipsOfRegisteredModels()
        }
        if !saved.isEmpty { announce(saved) }
        if let error = outcome.error { throw error }
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

    /// ``delete(model:where:includeSubclasses:)`` for a predicate SQL cannot answer in full:
    /// the models a fetch returns (unsaved changes included) are the matches; the rows of
    /// those without unsaved changes go now, by key, and the others as ``delete(_:)``
    /// deletes them.
    private func deleteMatchingInSwift<T: PersistentModel>(
        _ predicate: Predicate<T>, entity: EntityDescriptor, includeSubclasses: Bool
    ) throws {
        var keys: [Int64] = []
        var decidedNow: [any PersistentModel] = []
        for model in try fetch(FetchDescriptor<T>(predicate: predicate)) {
            let backing = model.persistentBackingData
            guard includeSubclasses || backing.entity === entity else { continue }
            if backing.state == .persisted, !backing.hasChangedProperties, let key = backing.primaryKey {
                keys.append(key)
            } else {
                decidedNow.append(model)
            }
        }
        if !keys.isEmpty {
            let list = "[" + keys.map(String.init).joined(separator: ",") + "]"
            try deleteNow(
                BulkDeleteRequest(
                    entity: entity,
                    condition: SQLFragment(
                        "\(entity.keySQL) IN (SELECT value FROM json_each(?))", [list.databaseValue]),
                    includeSubclasses: includeSubclasses, excludedKeys: []))
        }
        for model in decidedNow { deleteModel(model) }
    }

    /// ``delete(model:where:includeSubclasses:)`` for a custom store's entity: the context's
    /// inserted models and its models with unsaved changes that match, on their current
    /// values, are deleted as ``delete(_:)`` deletes them, at the next save; the other rows
    /// that match go now, as on a SQLite store, deleted by a context of their own and its
    /// save (the store's save, with the delete rules applied, or refused whole: a `.deny`
    /// that holds a model). This context's models of the rows that went leave it.
    private func deleteInDataStore<T: PersistentModel>(
        _ predicate: Predicate<T>?, entity: EntityDescriptor, includeSubclasses: Bool, store: any OpenedDataStore
    ) throws {
        var decidedNow: [any PersistentModel] = []
        var decidedRows = Set<PersistentIdentifier>()
        for model in heldModels(of: entity) {
            let backing = model.persistentBackingData
            guard includeSubclasses || backing.entity === entity, let typed = model as? T,
                backing.state != .persisted || backing.hasChangedProperties
            else { continue }
            if backing.state == .persisted { decidedRows.insert(backing.persistentModelID) }
            if try predicate?.evaluate(typed) ?? true { decidedNow.append(model) }
        }
        let deleting = ModelContextCore(container)
        deleting.author = author
        // A refused deletion leaves nothing pending (which would keep the container alive).
        defer { deleting.rollback() }
        for model in try deleting.fetch(FetchDescriptor<T>(predicate: predicate)) {
            let backing = model.persistentBackingData
            guard includeSubclasses || backing.entity === entity, !decidedRows.contains(backing.persistentModelID)
            else { continue }
            deleting.deleteModel(model)
        }
        let gone = deleting.deletedModels.models.map(\.persistentModelID)
        if !gone.isEmpty {
            try deleting.save()
            leaveContext(rowsGone: gone.compactMap(registeredDataStoreModel(for:)))
            // The snapshots this context read of them are gone with the rows: a relationship
            // read again finds the store has them no more.
            let session = dataStoreSession(starting: store)
            for identifier in gone { session.snapshots[identifier] = nil }
            unloadRelationshipsOfRegisteredModels()
        }
        for model in decidedNow { deleteModel(model) }
    }
}
