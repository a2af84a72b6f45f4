/// What a save or a bulk deletion changes in the context's models besides the rows: the
/// links they hold to models whose rows are gone, which the store no longer has. None of
/// these is a change to save: the store already says so.
extension ModelContextCore {
    /// Takes the models deleted before their first save out of the related models their
    /// `.deny` and `.noAction` relationships left pointing at them: the save wrote no link
    /// to a model without a row. (One inserted again since is a live model.)
    func forgetLinksToDiscardedInserts() {
        guard !discardedInserts.isEmpty else { return }
        forgetLinksLeftByDelete(to: discardedInserts.models.filter { $0.persistentBackingData.state == .detached })
        discardedInserts.removeAll()
    }

    /// Takes deleted models out of the inverses of their `.noAction` (and `.deny`)
    /// relationships in the context's models, as the save took their rows out of theirs:
    /// these rules leave them pointing at the deleted models until the save, which clears
    /// every reference to a deleted row (a `.deny` that still held a model refused the
    /// save). Not a change: the store already says so. (An undo of a delete then links them
    /// again as a change, which its save writes.) Where a deleted model never read the
    /// relationship, the models that point at it are found among the context's models of
    /// the other side: one pass over them per relationship, for all the deleted models.
    func forgetLinksLeftByDelete(to models: [any PersistentModel]) {
        /// The deleted models whose relationship, unread, an inverse at `index` of the
        /// hierarchy `identityIndex` may hold, with their row keys.
        struct UnreadSide: Hashable {
            let identityIndex: Int
            let index: Int
        }
        var unread: [UnreadSide: (models: Set<ObjectIdentifier>, keys: Set<Int64>)] = [:]
        for model in models {
            let deleted = model.persistentBackingData
            let entity = deleted.entity
            for property in entity.properties where property.relationship?.leavesRelatedModelsAtDelete == true {
                guard let inverse = entity.inverse(of: property.index) else { continue }
                let targets: [any PersistentModel]
                switch deleted.relationship(at: property.index) {
                case .toMany(let many): targets = many
                case .toOne(let one): targets = one.map { [$0] } ?? []
                case .notLoaded:
                    let side = UnreadSide(identityIndex: inverse.entity.identityIndex, index: inverse.index)
                    unread[side, default: ([], [])].models.insert(ObjectIdentifier(model))
                    if let key = deleted.primaryKey { unread[side]!.keys.insert(key) }
                    continue
                }
                for target in targets { removeLinks(to: [ObjectIdentifier(model)], from: target, at: inverse.index) }
            }
        }
        for (side, deleted) in unread {
            for target in modelsOfHierarchy(side.identityIndex) {
                let backing = target.persistentBackingData
                guard backing.entity.properties.indices.contains(side.index) else { continue }
                if case .notLoaded = backing.relationship(at: side.index),
                    backing.entity.properties[side.index].relationship?.isToMany == false
                {
                    // A to-one not read yet holds the row's key, which is gone.
                    if case .integer(let key) = backing.storedValue(at: side.index), deleted.keys.contains(key) {
                        backing.setStoredValue(.null, at: side.index)
                    }
                } else {
                    removeLinks(to: deleted.models, from: target, at: side.index)
                }
            }
        }
    }

    /// Takes a model whose row a bulk deletion removed out of the context's models it is
    /// linked to, and empties its own relationships. Not a change: the store already says so.
    func forgetLinks(of model: any PersistentModel) {
        let backing = model.persistentBackingData
        let entity = backing.entity
        guard entity.hasRelationships else { return }
        for property in entity.properties {
            guard let relationship = property.relationship else { continue }
            let targets: [any PersistentModel] =
                switch backing.relationship(at: property.index) {
                case .toMany(let many): many
                case .toOne(let one?): [one]
                default: []
                }
            if let inverseIndex = entity.inverse(of: property.index)?.index {
                for target in targets { removeLinks(to: [ObjectIdentifier(model)], from: target, at: inverseIndex) }
            }
            backing.setRelationship(relationship.isToMany ? .toMany([]) : .toOne(nil), at: property.index)
        }
    }

    /// Takes the models `removed` names out of `target`'s relationship at `index`, without
    /// recording a change.
    func removeLinks(to removed: Set<ObjectIdentifier>, from target: any PersistentModel, at index: Int) {
        let backing = target.persistentBackingData
        guard backing.context === self, backing.entity.properties.indices.contains(index) else { return }
        func isRemoved(_ model: any PersistentModel) -> Bool { removed.contains(ObjectIdentifier(model)) }
        switch backing.relationship(at: index) {
        case .toOne(let held?) where isRemoved(held):
            backing.setRelationship(.toOne(nil), at: index)
            backing.setStoredValue(.null, at: index)
        case .toMany(let held) where held.contains(where: isRemoved):
            backing.setRelationship(.toMany(held.filter { !isRemoved($0) }), at: index)
        default:
            break
        }
    }

    /// The context's models of a hierarchy: registered and inserted.
    func modelsOfHierarchy(_ identityIndex: Int) -> [any PersistentModel] {
        identityMap.liveModels(ofHierarchies: [identityIndex])
            + insertedModels.models.filter { $0.persistentBackingData.entity.identityIndex == identityIndex }
    }
}
