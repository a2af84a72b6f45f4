internal import GRDB

/// `FetchDescriptor.relationshipKeyPathsForPrefetching`: the relationships a fetch
/// loads for all its models right after reading them, one query per key path, instead
/// of on first access.
enum Prefetching {
    /// The property indices of the relationships a descriptor names for prefetching.
    /// Fails for a key path that names no relationship of the model.
    static func relationshipIndices<T>(of descriptor: FetchDescriptor<T>, entity: EntityDescriptor)
        throws(SwiftDataError) -> [Int]
    {
        var indices: [Int] = []
        for keyPath in descriptor.relationshipKeyPathsForPrefetching {
            guard let index = entity.propertyIndexByKeyPath[keyPath], entity.properties[index].relationship != nil
            else {
                throw .unsupportedKeyPath(
                    entity: entity.name, keyPath: String(describing: keyPath),
                    reason: "relationshipKeyPathsForPrefetching lists relationships of the model only")
            }
            if !indices.contains(index) { indices.append(index) }
        }
        return indices
    }
}

extension ModelContextCore {
    /// Loads the relationships at `indices` of `models`, models of `entity`: one query
    /// per relationship for all of them. A relationship already loaded (or changed) in
    /// memory is left as it is.
    func prefetch<Model: PersistentModel>(_ indices: [Int], of models: some Collection<Model>, entity: EntityDescriptor)
        throws
    {
        guard !indices.isEmpty, !models.isEmpty else { return }
        let backings = models.map(\.persistentBackingData)
        for index in indices {
            let waiting = backings.filter { backing in
                guard backing.primaryKey != nil, case .notLoaded = backing.relationship(at: index) else { return false }
                return true
            }
            guard !waiting.isEmpty else { continue }
            if entity.properties[index].relationship?.isToMany == true {
                try prefetchToMany(at: index, of: waiting, entity: entity)
            } else {
                try prefetchToOne(at: index, of: waiting)
            }
        }
    }

    /// One query for the to-many relationship at `index` of every owner.
    private func prefetchToMany(at index: Int, of owners: [ModelBackingData], entity: EntityDescriptor) throws {
        let keys = owners.compactMap(\.primaryKey)
        // The entity that declares the relationship: the owners may be of its sub-entities.
        let declaring = entity.declaringEntity(of: index)
        let targetsByOwner = try access(for: declaring).read { db in
            try readToMany(of: declaring, at: index, owners: keys[...], db: db)
        }
        for owner in owners {
            guard let key = owner.primaryKey else { continue }
            owner.setRelationship(.toMany(targetsByOwner[key] ?? []), at: index)
            owner.forgetUnreadRelationship(at: index)
        }
    }

    /// One query for the targets of the to-one relationship at `index` that are not
    /// registered in the context yet; then every owner's target.
    private func prefetchToOne(at index: Int, of owners: [ModelBackingData]) throws {
        guard let relationship = owners.first?.entity.properties[index].relationship else { return }
        let target = EntityDescriptor.known(relationship.target)
        var targetKeys: [Int64: Int64] = [:]
        for owner in owners {
            guard let key = owner.primaryKey else { continue }
            var stored = owner.storedValue(at: index)
            if stored.isNotRead {
                try readUnreadValues(of: owner)
                stored = owner.storedValue(at: index)
            }
            if case .integer(let targetKey) = stored { targetKeys[key] = targetKey }
        }
        var found: [Int64: any PersistentModel] = [:]
        var missing: [Int64] = []
        for targetKey in Set(targetKeys.values) {
            if let registered = identityMap[IdentityMap.key(target, targetKey)] {
                found[targetKey] = registered
            } else {
                missing.append(targetKey)
            }
        }
        if !missing.isEmpty {
            // The target's query: a target may be of a sub-entity.
            let targets = query(for: target)
            let sql = "\(targets.selectSQL) WHERE \(targets.keySQL) IN (SELECT value FROM json_each(?))"
            let list = "[" + missing.map(String.init).joined(separator: ",") + "]"
            let batch = FetchBatch.forRows(of: target)
            try access(for: target).read { db in
                let statement = try db.fetchStatement(sql: sql)
                try forEachModel(
                    in: statement, arguments: [list.databaseValue], query: targets, batch: batch, db: db
                ) { row, model in
                    found[row.primaryKey] = model
                }
            }
        }
        for owner in owners {
            guard let key = owner.primaryKey else { continue }
            let model = targetKeys[key].flatMap { found[$0] }
            owner.setRelationship(.toOne(model?.persistentBackingData.state == .deleted ? nil : model), at: index)
            owner.forgetUnreadRelationship(at: index)
        }
    }
}
