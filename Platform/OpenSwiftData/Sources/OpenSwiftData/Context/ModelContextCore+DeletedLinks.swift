/// What a save or a bulk deletion changes in the context's models besides the rows: the
/// links they hold to models whose rows are gone, which the store no longer has. None of
/// these is a change to save: the store already says so.
extension ModelContextCore {
    /// Takes the models deleted before their first save out of the related models their
    /// `.deny` and `.noAction` relationships left pointing at them: the save wrote no link
    /// to a model without a row. (One inserted again since is a live model.)
    func forgetLinksToDiscardedInserts() {
        guard !discardedInserts.isEmpty else { return }
        for model in discardedInserts.models where model.persistentBackingData.state == .detached {
            forgetNoActionLinks(to: model)
        }
        discardedInserts.removeAll()
    }

    /// Takes a deleted model out of the inverses of its `.noAction` (and `.deny`)
    /// relationships in the context's models, as the save took its row out of theirs:
    /// these rules leave them pointing at it until the save, which clears every reference
    /// to a deleted row (a `.deny` that still held a model refused the save). Not a
    /// change: the store already says so. (An undo of the delete then links them again as
    /// a change, which its save writes.) When the deleted model never read the relationship,
    /// the models that point at it are found among the context's models of the other side.
    func forgetNoActionLinks(to model: any PersistentModel) {
        let deleted = model.persistentBackingData
        let entity = deleted.entity
        for property in entity.properties where property.relationship?.leavesRelatedModelsAtDelete == true {
            guard let inverse = entity.inverse(of: property.index) else { continue }
            let inverseIndex = inverse.index
            let targets: [any PersistentModel] =
                switch deleted.relationship(at: property.index) {
                case .toMany(let many): many
                case .toOne(let one?): [one]
                case .toOne(nil): []
                case .notLoaded: modelsOfHierarchy(inverse.entity.identityIndex)
                }
            for target in targets {
                let backing = target.persistentBackingData
                guard backing.context === self, backing.entity.properties.indices.contains(inverseIndex) else {
                    continue
                }
                if case .notLoaded = backing.relationship(at: inverseIndex),
                    backing.entity.properties[inverseIndex].relationship?.isToMany == false
                {
                    // A to-one not read yet holds the row's key, which is gone.
                    if let key = deleted.primaryKey, backing.storedValue(at: inverseIndex) == .integer(key) {
                        backing.setStoredValue(.null, at: inverseIndex)
                    }
                } else {
                    removeLink(to: model, from: target, at: inverseIndex)
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
                for target in targets { removeLink(to: model, from: target, at: inverseIndex) }
            }
            backing.setRelationship(relationship.isToMany ? .toMany([]) : .toOne(nil), at: property.index)
        }
    }

    /// Takes `model` out of `target`'s relationship at `index`, without recording a change.
    func removeLink(to model: any PersistentModel, from target: any PersistentModel, at index: Int) {
        let backing = target.persistentBackingData
        guard backing.context === self, backing.entity.properties.indices.contains(index) else { return }
        switch backing.relationship(at: index) {
        case .toOne(let held?) where held === model:
            backing.setRelationship(.toOne(nil), at: index)
            backing.setStoredValue(.null, at: index)
        case .toMany(let held) where held.contains(where: { $0 === model }):
            backing.setRelationship(.toMany(held.filter { $0 !== model }), at: index)
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
