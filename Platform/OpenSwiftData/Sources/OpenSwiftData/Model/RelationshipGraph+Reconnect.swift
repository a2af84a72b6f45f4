extension RelationshipGraph {
    /// Links a deleted model inserted again (before its delete was saved, or after) back
    /// into the graph, so that both sides of each relationship agree, as they do for a new
    /// model. Its delete took it out of its related models' inverses and left its own
    /// relationships as they were; now the models it still holds show it again through
    /// their inverses. It lets go of the models deleted since, which stay deleted, and of a
    /// model whose to-one inverse holds another model now: a re-insert takes no model away
    /// from another.
    ///
    /// A relationship not loaded is left as it is: the row of a model whose delete is not
    /// saved still has its links, and a model whose row is gone has none to read.
    static func reconnect(_ owner: any PersistentModel) {
        let backing = owner.persistentBackingData
        for property in backing.entity.properties {
            guard let relationship = property.relationship else { continue }
            let index = property.index
            let held: [any PersistentModel]
            switch backing.relationship(at: index) {
            case .notLoaded, .toOne(nil): continue
            case .toOne(let target?): held = [target]
            case .toMany(let targets): held = targets
            }
            let inverseIndex = backing.entity.inverse(of: index)?.index
            let kept = held.filter { target in
                guard !target.persistentBackingData.isDeletedModel else { return false }
                guard let inverseIndex,
                    target.persistentBackingData.entity.properties[inverseIndex].relationship?.isToMany == false
                else { return true }
                let other = self.target(of: target, at: inverseIndex)
                return other == nil || other === owner
            }
            if kept.count != held.count {
                setSlot(relationship.isToMany ? .toMany(kept) : .toOne(kept.first), of: owner, at: index)
            }
            for target in kept {
                adopt(target, into: owner)
                guard let inverseIndex else { continue }
                if target.persistentBackingData.entity.properties[inverseIndex].relationship?.isToMany == true {
                    let current = targets(of: target, at: inverseIndex)
                    if !current.contains(where: { $0 === owner }) {
                        setSlot(.toMany(current + [owner]), of: target, at: inverseIndex)
                    }
                } else if self.target(of: target, at: inverseIndex) == nil {
                    setSlot(.toOne(owner), of: target, at: inverseIndex)
                }
            }
        }
    }
}
