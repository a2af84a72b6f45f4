import Foundation

extension ModelContextCore {
    /// The custom store that holds `T`'s entity; nil for a SQLite store's entity, and at
    /// once for a container without custom stores.
    func dataStore<T: PersistentModel>(for _: T.Type) throws -> (any OpenedDataStore)? {
        guard let dataStores = container.stores.dataStores else { return nil }
        return dataStores.store(for: try descriptor(for: T.self))
    }

    /// The work of ``ModelContext/fetch(_:)`` for an entity of a custom store: the store's
    /// snapshots become the context's models (one per identifier), and the context's
    /// unsaved changes count as they do for a SQLite store. What the store leaves to the
    /// context (``DataStoreError/preferInMemoryFilter``, ``DataStoreError/preferInMemorySort``)
    /// is done in memory, and so are `fetchOffset` and `fetchLimit`.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from store: any OpenedDataStore) throws -> [T] {
        let entity = try self.descriptor(for: T.self)
        let pending = pendingModels(of: entity, descriptor)
        var request = descriptor
        if !pending.isEmpty {
            // Unsaved changes move the window: the store gives every match.
            request.fetchLimit = nil
            request.fetchOffset = nil
        } else if let offset = request.fetchOffset {
            // A store may cut the window or not: it is cut again here, from the start.
            request.fetchOffset = nil
            request.fetchLimit = request.fetchLimit.map { $0 + offset }
        }
        let fetched = try fetchSnapshots(request, from: store)
        var models = try models(of: fetched.result, entity: entity, store: store, as: T.self)
        if !pending.excluded.isEmpty {
            models.removeAll { pending.excluded.contains(ObjectIdentifier($0)) }
        }
        if !fetched.isFiltered, let predicate = descriptor.predicate {
            models = try models.filter { try predicate.evaluate($0) }
        }
        for candidate in pending.candidates {
            guard let model = candidate as? T, model.persistentBackingData.state != .deleted else { continue }
            if let predicate = descriptor.predicate, try !predicate.evaluate(model) { continue }
            models.append(model)
        }
        if !descriptor.sortBy.isEmpty, !fetched.isSorted || !pending.isEmpty {
            models.sort { SortTranslator.areInIncreasingOrder($0, $1, by: descriptor.sortBy) }
        }
        let offset = min(descriptor.fetchOffset ?? 0, models.count)
        let end = descriptor.fetchLimit.map { min(models.count, offset + $0) } ?? models.count
        return Array(models[offset..<end])
    }

    /// The work of ``ModelContext/enumerate(_:batchSize:allowEscapingMutations:block:)`` for an
    /// entity of a custom store: a batch of models at a time from a store that reads them so
    /// (``DataStoreBatchedFetching``), when the context has no unsaved change of the entity;
    /// else every model at once, as ``fetch(_:from:)`` gives them.
    func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, from store: any OpenedDataStore, batchSize: Int, block: (T) throws -> Void
    ) throws {
        let entity = try self.descriptor(for: T.self)
        var batches: (any DataStoreBatches)?
        if pendingModels(of: entity, descriptor).isEmpty {
            do {
                _ = dataStoreSession(starting: store)
                batches = try store.batches(
                    DataStoreFetchRequest(descriptor: descriptor, editingState: editingState), batchSize: batchSize)
            } catch is DataStoreError {
                // The store leaves the predicate or the sort to the context.
            }
        }
        guard let batches else {
            for model in try fetch(descriptor, from: store) { try block(model) }
            return
        }
        defer { batches.close() }
        while true {
            let snapshots = try batches.next()
            if snapshots.isEmpty { return }
            let batch = DataStoreFetchResult(descriptor: descriptor, fetchedSnapshots: snapshots)
            for model in try models(of: batch, entity: entity, store: store, as: T.self) { try block(model) }
        }
    }

    /// The work of ``ModelContext/fetchCount(_:)`` for an entity of a custom store: the
    /// store's count when it gives one and the context has no unsaved change of the
    /// entity, else the number of models ``fetch(_:from:)`` gives.
    func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from store: any OpenedDataStore) throws
        -> Int
    {
        let entity = try self.descriptor(for: T.self)
        if pendingModels(of: entity, descriptor).isEmpty {
            do {
                _ = dataStoreSession(starting: store)
                return try store.fetchCount(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))
            } catch is DataStoreError {
                // The store leaves counting to the context.
            }
        }
        return try fetch(descriptor, from: store).count
    }

    /// The work of ``ModelContext/fetchIdentifiers(_:)`` for an entity of a custom store,
    /// as ``fetchCount(_:from:)`` counts.
    func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from store: any OpenedDataStore)
        throws -> [PersistentIdentifier]
    {
        let entity = try self.descriptor(for: T.self)
        if pendingModels(of: entity, descriptor).isEmpty {
            do {
                _ = dataStoreSession(starting: store)
                return try store.fetchIdentifiers(
                    DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))
            } catch is DataStoreError {
                // The store leaves it to the context.
            }
        }
        return try fetch(descriptor, from: store).map(\.persistentModelID)
    }

    /// What a store gives for a descriptor, asked again without the predicate or the sort
    /// when it prefers the context to apply them (and then without the window, which comes
    /// after them); says which the store applied.
    func fetchSnapshots<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from store: any OpenedDataStore) throws
        -> (result: DataStoreFetchResult<T, DefaultSnapshot>, isFiltered: Bool, isSorted: Bool)
    {
        let session = dataStoreSession(starting: store)
        var request = descriptor
        var isFiltered = true
        var isSorted = true
        while true {
            do {
                let result = try store.fetch(DataStoreFetchRequest(descriptor: request, editingState: editingState))
                for snapshot in result.relatedSnapshots.values { keep(snapshot, in: session, store: store) }
                return (result, isFiltered, isSorted)
            } catch DataStoreError.preferInMemoryFilter where request.predicate != nil {
                request.predicate = nil
                isFiltered = false
            } catch DataStoreError.preferInMemorySort where !request.sortBy.isEmpty {
                request.sortBy = []
                isSorted = false
            }
            request.fetchLimit = nil
            request.fetchOffset = nil
        }
    }

    /// The models of a fetch's snapshots of `entity` (or of its sub-entities), in order;
    /// snapshots of other entities are left out.
    private func models<T: PersistentModel>(
        of result: DataStoreFetchResult<T, DefaultSnapshot>, entity: EntityDescriptor, store: any OpenedDataStore,
        as type: T.Type
    ) throws -> [T] {
        let session = dataStoreSession(starting: store)
        var models: [T] = []
        models.reserveCapacity(result.fetchedSnapshots.count)
        for snapshot in result.fetchedSnapshots {
            guard let own = container.schema.descriptorsByName[snapshot.persistentIdentifier.entityName],
                own.isKind(of: entity)
            else { continue }
            keep(snapshot, in: session, store: store)
            guard let model = materialize(snapshot, entity: own, store: store) as? T else {
                throw DataStoreError.unsupportedFeature
            }
            models.append(model)
        }
        return models
    }

    /// Keeps a snapshot the store gave as the one its model was read from, but for a model
    /// with unsaved changes: that model shows what it read (``materialize(_:entity:store:)``
    /// leaves it as it is), and its save writes its to-many relationships as the difference
    /// from the snapshot it read them from (``DataStoreSaveChangesRequest/snapshotsAsRead``).
    private func keep(_ snapshot: DefaultSnapshot, in session: DataStoreSession, store: any OpenedDataStore) {
        let identifier = snapshot.persistentIdentifier
        if let entity = container.schema.descriptorsByName[identifier.entityName],
            let key = store.keys.existingKey(for: identifier),
            let registered = identityMap[IdentityMap.key(entity, key)],
            registered.persistentBackingData.hasChangedProperties, session.snapshots[identifier] != nil
        {
            return
        }
        session.snapshots[identifier] = snapshot
    }

    /// The model of a snapshot of `entity`: the registered one, which shows the snapshot's
    /// values unless it has unsaved changes, or a new one registered in the context. Its
    /// relationships are read from the snapshot on first access.
    func materialize(_ snapshot: DefaultSnapshot, entity: EntityDescriptor, store: any OpenedDataStore)
        -> any PersistentModel
    {
        let key = store.keys.key(for: snapshot.persistentIdentifier)
        if let existing = identityMap[IdentityMap.key(entity, key)] {
            let backing = existing.persistentBackingData
            if backing.state == .persisted, !backing.hasChangedProperties {
                backing.withStoredValues { Self.assign(snapshot, to: $0, entity: entity, keys: store.keys) }
                for property in entity.properties where property.relationship != nil {
                    backing.setRelationship(.notLoaded, at: property.index)
                }
            }
            return existing
        }
        let backing = ModelBackingData.make(entity: entity, primaryKey: key) { values in
            for index in values.indices { values.initializeElement(at: index, to: .null) }
            Self.assign(snapshot, to: values, entity: entity, keys: store.keys)
        }
        let memo = IdentifierMemo()
        memo.dataStoreIdentifier = snapshot.persistentIdentifier
        backing.identifierMemo = memo
        backing.context = self
        backing.state = .persisted
        func make<Model: PersistentModel>(_: Model.Type) -> any PersistentModel { Model(backingData: backing) }
        let model = make(entity.modelType)
        identityMap.register(model, for: key)
        return model
    }

    /// Sets the attributes of `values` to a snapshot's (an attribute the snapshot lacks
    /// takes the value a new model starts with), and each to-one relationship to its
    /// target's key, as a SQLite row holds it: a relationship not read yet then tells
    /// whom it refers to without a read (``RelationshipGraph/refers(_:at:to:)``).
    static func assign(
        _ snapshot: DefaultSnapshot, to values: UnsafeMutableBufferPointer<StoredValue>, entity: EntityDescriptor,
        keys: DataStoreKeys
    ) {
        for index in entity.toOnePropertyIndices {
            guard case .toOne(let target?)? = snapshot.values[entity.properties[index].name] else {
                values[index] = .null
                continue
            }
            values[index] = .integer(keys.key(for: target))
        }
        for property in entity.properties where property.relationship == nil {
            if case .attribute(let value)? = snapshot.values[property.name] {
                values[property.index] = value
            } else {
                values[property.index] = entity.newModelValues[property.index]
            }
        }
    }
}
