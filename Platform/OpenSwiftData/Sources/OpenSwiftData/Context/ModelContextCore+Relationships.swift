internal import GRDB

extension ModelContextCore {
    /// Reads a relationship's targets from the store. A to-many relationship is read
    /// for the owner's neighbours in its ``FetchBatch`` too, in the same query.
    func loadRelationship(of owner: any PersistentModel, at index: Int) throws -> RelationshipSlot {
        let backing = owner.persistentBackingData
        guard let relationship = backing.entity.properties[index].relationship else { return .notLoaded }
        if container.stores.dataStores != nil, let store = dataStore(for: backing.entity) {
            return try loadDataStoreRelationship(of: owner, at: index, isToMany: relationship.isToMany, store: store)
        }
        if relationship.isToMany {
            guard let key = backing.primaryKey else { return .toMany([]) }
            return .toMany(try loadToMany(of: backing, key: key, at: index))
        }
        return .toOne(try loadToOne(of: backing, target: EntityDescriptor.known(relationship.target), at: index))
    }

    /// The target of a to-one relationship: the registered model when there is one,
    /// without a query.
    private func loadToOne(of backing: ModelBackingData, target: EntityDescriptor, at index: Int) throws
        -> (any PersistentModel)?
    {
        var stored = backing.storedValue(at: index)
        if stored.isNotRead {
            // A partial fetch left the key out: read it (a row gone since has no target).
            try readUnreadValues(of: backing)
            stored = backing.storedValue(at: index)
        }
        guard case .integer(let key) = stored else { return nil }
        let model =
            try identityMap[IdentityMap.key(target, key)]
            ?? access(for: target).read { db in try self.model(of: target, primaryKey: key, db: db) }
        guard let model else { return nil }
        if model.persistentBackingData.state == .deleted, !linkSurvivesDeletion(of: backing.entity, at: index) {
            return nil
        }
        return model
    }

    /// Whether a link read from the store to a model deleted in this context (not saved
    /// yet) still holds: when the deleted model's relationship back has a `.deny` or
    /// `.noAction` rule, its deletion left the related models as they are, the save to
    /// judge (`.deny`) or to clear the link; `.cascade` and `.nullify` took them out of it
    /// (``deleteModel(_:)``).
    func linkSurvivesDeletion(of entity: EntityDescriptor, at index: Int) -> Bool {
        guard let inverse = entity.inverse(of: index) else { return false }
        let rule = inverse.entity.properties[inverse.index].relationship?.deleteRule
        return rule == .deny || rule == .noAction
    }

    /// The targets of a to-many relationship of the model with key `key`. The other
    /// models of its batch window whose relationship is not loaded yet get theirs from
    /// the same query.
    private func loadToMany(of backing: ModelBackingData, key: Int64, at index: Int) throws
        -> [any PersistentModel]
    {
        // The entity that declares the relationship: the owners of a batch may be of
        // several of its sub-entities.
        let entity = backing.entity.declaringEntity(of: index)
        var owners: ArraySlice<Int64> = [key]
        if let batch = backing.fetchBatch, entity.isKind(of: batch.entity) || batch.entity.isKind(of: entity) {
            owners = batch.window(containing: backing.fetchBatchPosition)
        }
        let targetsByOwner = try access(for: entity).read { db in
            try readToMany(of: entity, at: index, owners: owners, db: db)
        }
        for owner in owners where owner != key {
            guard let sibling = identityMap[IdentityMap.key(entity, owner)]?.persistentBackingData,
                sibling.entity.isKind(of: entity), case .notLoaded = sibling.relationship(at: index)
            else { continue }
            sibling.setRelationship(.toMany(targetsByOwner[owner] ?? []), at: index)
        }
        return targetsByOwner[key] ?? []
    }

    /// One query for a to-many relationship of several owners, grouped by owner key;
    /// targets deleted in this context are left out, unless their deletion left the link
    /// (``linkSurvivesDeletion(of:at:)``).
    func readToMany(of entity: EntityDescriptor, at index: Int, owners: ArraySlice<Int64>, db: Database)
        throws -> [Int64: [any PersistentModel]]
    {
        let query = container.schema.layout.toManyQuery(of: entity, at: index)
        let ownerColumn = query.ownerColumn
        let ownerList = "[" + owners.map(String.init).joined(separator: ",") + "]"
        let batch = FetchBatch.forRows(of: query.targets.entity)
        var targetsByOwner: [Int64: [any PersistentModel]] = [:]
        targetsByOwner.reserveCapacity(owners.count)
        // Rows come ordered by owner: each owner's targets are one run of rows, stored
        // once the run ends. A run starts with room for as many targets as the last one
        // had: owners of one batch tend to have alike counts, and an array grown from
        // empty allocates about log2(count) times.
        var owner: Int64?
        var run: [any PersistentModel] = []
        // Only a model in ``deletedModels`` is deleted: without any, no target is looked at.
        let keepsDeleted = deletedModels.isEmpty || linkSurvivesDeletion(of: entity, at: index)
        let statement = try db.fetchStatement(sql: query.sql)
        try forEachModel(
            in: statement, arguments: [ownerList.databaseValue], query: query.targets, batch: batch, db: db
        ) { row, model in
            let rowOwner = row.int64(at: ownerColumn)
            if rowOwner != owner {
                let lastCount = run.count
                if let owner { targetsByOwner[owner] = run }
                owner = rowOwner
                run = []
                run.reserveCapacity(lastCount)
            }
            guard keepsDeleted || model.persistentBackingData.state != .deleted else { return }
            run.append(model)
        }
        if let owner { targetsByOwner[owner] = run }
        return targetsByOwner
    }

    /// Fails when a changed model's relationship was changed while its stored targets
    /// could not be read: saving it would replace links nobody saw.
    func checkUnreadRelationships() throws {
        for models in [changedModels.models, insertedModels.models] {
            for model in models {
                let backing = model.persistentBackingData
                guard let failure = backing.changedUnreadRelationship else { continue }
                throw SwiftDataError.relationshipNotLoaded(
                    entity: backing.entity.name, relationship: backing.entity.properties[failure.index].name,
                    reason: failure.reason)
            }
        }
    }

    /// Fails when a deleted model's relationship whose delete rule needs its models (a
    /// `.cascade` deletes them, a `.deny` counts them) could not be read: the delete would
    /// leave the models nobody saw as they are, without the model they belong to.
    func checkDeletesOverUnreadRelationships() throws {
        for model in deletedModels.models {
            let backing = model.persistentBackingData
            guard let unread = backing.pendingChanges?.unreadRelationships, !unread.isEmpty else { continue }
            for (index, reason) in unread.sorted(by: { $0.key < $1.key }) {
                let rule = backing.entity.properties[index].relationship?.deleteRule
                guard rule == .cascade || rule == .deny else { continue }
                throw SwiftDataError.relationshipNotLoaded(
                    entity: backing.entity.name, relationship: backing.entity.properties[index].name, reason: reason)
            }
        }
    }

    /// Fails when an inserted or changed model's to-many relationship holds fewer models
    /// than its `minimumModelCount` or more than its `maximumModelCount` (0 or nil: no
    /// bound). Relationships not read since the model was fetched are as stored, and not
    /// counted.
    func checkModelCounts() throws {
        for models in [insertedModels.models, changedModels.models] {
            for model in models {
                let backing = model.persistentBackingData
                guard !backing.entity.modelCountLimits.isEmpty,
                    backing.state == .inserted || backing.state == .persisted
                else { continue }
                for limit in backing.entity.modelCountLimits {
                    guard case .toMany(let targets) = backing.relationship(at: limit.index) else { continue }
                    let count = targets.filter { $0.persistentBackingData.state != .deleted }.count
                    if count < (limit.minimum ?? 0) || count > (limit.maximum ?? .max) {
                        throw SwiftDataError.modelCountOutOfRange(
                            entity: backing.entity.name, relationship: backing.entity.properties[limit.index].name,
                            count: count, minimum: limit.minimum, maximum: limit.maximum)
                    }
                }
            }
        }
    }

    /// Fails when an inserted or changed model's non-optional to-one relationship refers
    /// to no model: a `.nullify` rule cleared it when its target was deleted, or the
    /// model was removed from its target's inverse. Its row would hold NULL where the
    /// model cannot take nil, and reading it back would stop the program; SwiftData's
    /// save fails the same way (Core Data validates mandatory relationships). A
    /// relationship not read since the model was fetched is as stored.
    func checkRequiredRelationships() throws {
        for models in [insertedModels.models, changedModels.models] {
            for model in models {
                let backing = model.persistentBackingData
                guard !backing.entity.requiredToOnePropertyIndices.isEmpty,
                    backing.state == .inserted || backing.state == .persisted
                else { continue }
                for index in backing.entity.requiredToOnePropertyIndices {
                    // No model, or a deleted one (whose key the save would not write).
                    guard case .toOne(let target) = backing.relationship(at: index),
                        target.map({ $0.persistentBackingData.state == .deleted }) ?? true,
                        let relationship = backing.entity.properties[index].relationship
                    else { continue }
                    throw SwiftDataError.requiredRelationshipMissing(
                        entity: backing.entity.name, relationship: backing.entity.properties[index].name,
                        target: String(describing: relationship.target))
                }
            }
        }
    }

    /// Fails when a deleted model's `.deny` relationship still refers to models.
    func checkDenyRules() throws {
        for model in deletedModels.models {
            let backing = model.persistentBackingData
            for property in backing.entity.properties where property.relationship?.deleteRule == .deny {
                let related: [any PersistentModel] =
                    property.relationship?.isToMany == true
                    ? RelationshipGraph.targets(of: model, at: property.index)
                    : RelationshipGraph.target(of: model, at: property.index).map { [$0] } ?? []
                // A model moved since to another model's relationship no longer refers to
                // this one, though the store (which the deleted model's relationship may
                // have been read from) still says it does.
                let inverseIndex = backing.entity.inverse(of: property.index)?.index
                let remaining = related.filter { target in
                    guard target.persistentBackingData.state != .deleted else { return false }
                    guard let inverseIndex else { return true }
                    return RelationshipGraph.refers(target, at: inverseIndex, to: model)
                }
                if !remaining.isEmpty {
                    throw SwiftDataError.deleteDenied(
                        entity: backing.entity.name, relationship: property.name, count: remaining.count)
                }
            }
        }
    }
}
