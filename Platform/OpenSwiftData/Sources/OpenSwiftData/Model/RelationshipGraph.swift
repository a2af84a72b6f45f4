/// Reads and writes relationships between models, keeping both sides of every inverse
/// pair in step in memory, as SwiftData does: `stop.trip = trip` also appends `stop`
/// to `trip.stops`, and removes it from the stops of its previous trip.
enum RelationshipGraph {
    typealias Slot = RelationshipSlot

    /// The target of a to-one relationship, read from the store on first use.
    static func target(of owner: any PersistentModel, at index: Int) -> (any PersistentModel)? {
        if case .toOne(let target) = loadedSlot(of: owner, at: index) { return target }
        return nil
    }

    /// The targets of a to-many relationship, read from the store on first use.
    static func targets(of owner: any PersistentModel, at index: Int) -> [any PersistentModel] {
        if case .toMany(let targets) = loadedSlot(of: owner, at: index) { return targets }
        return []
    }

    /// The relationship's slot, read from the store if it is not loaded yet. A read that
    /// fails leaves the slot unloaded (the next access reads again) and reports no
    /// targets, and the failure is kept until the relationship is read: a change made
    /// on top of it would replace links nobody saw, so ``ModelContextCore/save()`` refuses it.
    ///
    /// The context also remembers the failure until it is rolled back
    /// (``ModelContextCore/failedRelationshipReads``): the app may have kept the empty result
    /// (`let tags = tour.tags`) and set it back, changed, once the error has cleared
    /// (`tour.tags = tags + [wine]`). Such a set reads the stored models first, and when
    /// it drops any of them, the save refuses it (``guardChange(of:at:dropping:)``).
    /// A change that keeps every stored model (`tour.tags.append(wine)`) loses nothing
    /// and is saved.
    private static func loadedSlot(of owner: any PersistentModel, at index: Int) -> Slot {
        let backing = owner.persistentBackingData
        let slot = backing.relationship(at: index)
        guard case .notLoaded = slot else { return slot }
        let isToMany = backing.entity.properties[index].relationship?.isToMany == true
        let empty: Slot = isToMany ? .toMany([]) : .toOne(nil)
        guard let context = backing.context else {
            backing.setRelationship(empty, at: index)
            return empty
        }
        do {
            let loaded = try context.loadRelationship(of: owner, at: index)
            backing.setRelationship(loaded, at: index)
            backing.forgetUnreadRelationship(at: index)
            return loaded
        } catch {
            let name = "\(backing.entity.name).\(backing.entity.properties[index].name)"
            ModelContextCore.logger.error("cannot read \(name): \(error)")
            backing.recordUnreadRelationship(at: index, reason: "\(error)")
            if let read = FailedRelationshipRead(backing, at: index) {
                context.failedRelationshipReads[read] = "\(error)"
            }
            return empty
        }
    }

    /// Sets a to-one relationship and its inverse.
    static func setTarget(_ newTarget: (any PersistentModel)?, of owner: any PersistentModel, at index: Int) {
        let oldTarget = target(of: owner, at: index)
        guard oldTarget !== newTarget else { return }
        if oldTarget != nil { guardChange(of: owner, at: index, dropping: true) }
        setSlot(.toOne(newTarget), of: owner, at: index)
        if let newTarget { adopt(newTarget, into: owner) }
        guard let inverseIndex = owner.persistentBackingData.entity.inverse(of: index)?.index else { return }
        if let oldTarget { detachInverse(of: oldTarget, at: inverseIndex, from: owner) }
        if let newTarget { attachInverse(of: newTarget, at: inverseIndex, to: owner, forwardIndex: index) }
    }

    /// Sets a to-many relationship and the inverses of the targets added and removed.
    static func setTargets(_ newTargets: [any PersistentModel], of owner: any PersistentModel, at index: Int) {
        let oldTargets = targets(of: owner, at: index)
        var unique: [any PersistentModel] = []
        var seen = Set<ObjectIdentifier>()
        for target in newTargets where seen.insert(ObjectIdentifier(target)).inserted {
            unique.append(target)
        }
        let oldIdentities = Set(oldTargets.map { ObjectIdentifier($0) })
        if oldIdentities == seen, oldTargets.count == unique.count,
            zip(oldTargets, unique).allSatisfy({ $0 === $1 })
        {
            return
        }
        if !oldTargets.isEmpty {
            guardChange(
                of: owner, at: index,
                dropping: oldTargets.contains { !seen.contains(ObjectIdentifier($0)) })
        }
        setSlot(.toMany(unique), of: owner, at: index)
        for target in unique { adopt(target, into: owner) }
        guard let inverseIndex = owner.persistentBackingData.entity.inverse(of: index)?.index else { return }
        for removed in oldTargets where !seen.contains(ObjectIdentifier(removed)) {
            detachInverse(of: removed, at: inverseIndex, from: owner)
        }
        for added in unique where !oldIdentities.contains(ObjectIdentifier(added)) {
            attachInverse(of: added, at: inverseIndex, to: owner, forwardIndex: index)
        }
    }

    /// Sets up the inverses of relationships assigned in a model's initialiser, once the
    /// model joins a context.
    static func connectInitialRelationships(of owner: any PersistentModel) {
        let backing = owner.persistentBackingData
        guard backing.hasInitialRelationships else { return }
        backing.hasInitialRelationships = false
        for property in backing.entity.properties where property.relationship != nil {
            let targets: [any PersistentModel]
            switch backing.relationship(at: property.index) {
            case .toOne(let target?): targets = [target]
            case .toMany(let many): targets = many
            default: targets = []
            }
            let inverseIndex = backing.entity.inverse(of: property.index)?.index
            for target in targets {
                adopt(target, into: owner)
                if let inverseIndex {
                    attachInverse(of: target, at: inverseIndex, to: owner, forwardIndex: property.index)
                }
            }
        }
    }

    /// Removes `model` from every relationship that points at it through an inverse,
    /// as the nullify rule and deletion of unsaved models require.
    static func nullifyInverses(of model: any PersistentModel, at index: Int) {
        nullifyInverses(of: model, at: index, in: related(to: model, at: index))
    }

    /// Takes `model` out of the inverses of `targets`, the models its relationship at
    /// `index` held when read: a cascade detaches the models it deletes, and no others (a
    /// read that failed for the cascade and succeeds here would detach models the cascade
    /// did not delete, leaving them without their owner).
    static func nullifyInverses(of model: any PersistentModel, at index: Int, in targets: [any PersistentModel]) {
        guard let inverseIndex = model.persistentBackingData.entity.inverse(of: index)?.index else { return }
        for target in targets {
            detachInverse(of: target, at: inverseIndex, from: model)
        }
    }

    /// The models the relationship at `index` of `model` holds: a to-one's one, or none.
    static func related(to model: any PersistentModel, at index: Int) -> [any PersistentModel] {
        if model.persistentBackingData.entity.properties[index].relationship?.isToMany == true {
            return targets(of: model, at: index)
        }
        return target(of: model, at: index).map { [$0] } ?? []
    }

    /// Takes out of `model`'s loaded relationships the models deleted before it or with it
    /// (those its cascade deleted), as changes an undo puts back. Two deleted models that
    /// held each other (a pet its favorite toy, the toy its pet) would keep each other, and
    /// every model of the context they hold, alive for as long as the process runs: the
    /// model deleted last of any such cycle lets go of the others.
    static func dropLinksToDeletedModels(of model: any PersistentModel) {
        func isGone(_ target: any PersistentModel) -> Bool {
            let state = target.persistentBackingData.state
            return state == .deleted || state == .detached
        }
        let backing = model.persistentBackingData
        for property in backing.entity.properties where property.relationship != nil {
            switch backing.relationship(at: property.index) {
            case .toOne(let target?) where isGone(target):
                setSlot(.toOne(nil), of: model, at: property.index)
            case .toMany(let targets) where targets.contains(where: isGone):
                setSlot(.toMany(targets.filter { !isGone($0) }), of: model, at: property.index)
            default:
                break
            }
        }
    }

    /// Marks a change of the relationship at `index` that drops stored models as
    /// unsaveable when a read of that relationship failed earlier in the context: the
    /// new value may be built on the failed read's empty result, and saving it would
    /// delete links the app never saw. ``ModelContextCore/save()`` then throws
    /// ``SwiftDataError/Cause/relationshipNotLoaded(entity:relationship:reason:)`` until
    /// the context is rolled back.
    /// `dropping` is evaluated only when a read failed in the context (rarely).
    private static func guardChange(
        of owner: any PersistentModel, at index: Int, dropping: @autoclosure () -> Bool
    ) {
        let backing = owner.persistentBackingData
        guard let context = backing.context, !context.failedRelationshipReads.isEmpty,
            let read = FailedRelationshipRead(backing, at: index),
            let reason = context.failedRelationshipReads[read], dropping()
        else { return }
        backing.recordUnreadRelationship(
            at: index,
            reason:
                "an earlier read of it in this context failed (\(reason)) and showed no models, and this change drops stored ones; until the context is rolled back, only changes that keep every stored model are saved"
        )
    }

    // MARK: Primitives

    static func setSlot(_ slot: Slot, of owner: any PersistentModel, at index: Int) {
        let backing = owner.persistentBackingData
        if backing.primaryKey != nil, case .toMany(let stored) = backing.relationship(at: index) {
            backing.keepStoredToMany(stored, at: index)
        }
        ModelObservation.withMutation(of: owner, at: index) {
            backing.willChange(index, of: owner)
            backing.setRelationship(slot, at: index)
        }
    }

    /// A model assigned to a relationship of a registered model joins its context.
    static func adopt(_ target: any PersistentModel, into owner: any PersistentModel) {
        guard let context = owner.persistentBackingData.context,
            target.persistentBackingData.context == nil
        else { return }
        context.insert(target)
    }

    /// Makes `target`'s inverse relationship stop referring to `owner`, unless `target` left
    /// its context by a delete: it keeps the links it had then (a change would be outside the
    /// context's undo, which then could not give it back), as a deleted model keeps those to
    /// the models deleted after it.
    private static func detachInverse(
        of target: any PersistentModel, at inverseIndex: Int, from owner: any PersistentModel
    ) {
        let targetBacking = target.persistentBackingData
        if targetBacking.state == .detached, targetBacking.isDeletedModel { return }
        let isToMany = targetBacking.entity.properties[inverseIndex].relationship?.isToMany == true
        if isToMany {
            readHoldingDeleted(owner, target, at: inverseIndex)
            let current = targets(of: target, at: inverseIndex)
            guard current.contains(where: { $0 === owner }) else { return }
            setSlot(.toMany(current.filter { $0 !== owner }), of: target, at: inverseIndex)
        } else if refers(target, at: inverseIndex, to: owner) {
            setSlot(.toOne(nil), of: target, at: inverseIndex)
        }
    }

    /// Reads the to-many relationship at `index` of `target`, not read yet, as holding
    /// `owner`, whose delete takes it out: a read leaves out the models the context deleted,
    /// so that taking `owner` out would change nothing, and `target` would not be changed
    /// (nor keep what it shows when a fetch reads its row again, nor get `owner` back at an
    /// undo) as it is when the list was read before the delete. Reading `owner`'s side first
    /// does not help: a read of a relationship reads again the registered models it finds
    /// without unsaved changes, and forgets their relationships.
    private static func readHoldingDeleted(_ owner: any PersistentModel, _ target: any PersistentModel, at index: Int) {
        let backing = target.persistentBackingData
        guard owner.persistentBackingData.state == .deleted, case .notLoaded = backing.relationship(at: index) else {
            return
        }
        let read = targets(of: target, at: index)
        guard !read.contains(where: { $0 === owner }) else { return }
        backing.setRelationship(.toMany(read + [owner]), at: index)
    }

    /// Whether the relationship at `index` of `model` refers to `owner`. A to-one that is
    /// not loaded says so by its stored key, without reading it: a read would not show an
    /// `owner` deleted in the context (``ModelContextCore/delete(_:)`` nullifies its inverses
    /// once it is deleted), and the relationship would be cached as empty, outside the
    /// model's snapshot, where a rollback would not restore it.
    static func refers(_ model: any PersistentModel, at index: Int, to owner: any PersistentModel) -> Bool {
        let backing = model.persistentBackingData
        if backing.entity.properties[index].relationship?.isToMany == true {
            return targets(of: model, at: index).contains { $0 === owner }
        }
        if case .notLoaded = backing.relationship(at: index), case .integer(let key) = backing.storedValue(at: index),
            let ownerKey = owner.persistentBackingData.primaryKey
        {
            // Keys are unique in the hierarchy of the relationship's target, which is `owner`'s.
            return key == ownerKey
        }
        return target(of: model, at: index) === owner
    }

    /// Makes `target`'s inverse relationship refer to `owner`; a to-one inverse drops
    /// its previous model, whose forward relationship then drops `target`.
    private static func attachInverse(
        of target: any PersistentModel, at inverseIndex: Int, to owner: any PersistentModel, forwardIndex: Int
    ) {
        let isToMany = target.persistentBackingData.entity.properties[inverseIndex].relationship?.isToMany == true
        if isToMany {
            let current = targets(of: target, at: inverseIndex)
            guard !current.contains(where: { $0 === owner }) else { return }
            setSlot(.toMany(current + [owner]), of: target, at: inverseIndex)
            return
        }
        let previous = self.target(of: target, at: inverseIndex)
        guard previous !== owner else { return }
        setSlot(.toOne(owner), of: target, at: inverseIndex)
        guard let previous else { return }
        let forwardIsToMany =
            previous.persistentBackingData.entity.properties[forwardIndex].relationship?.isToMany == true
        if forwardIsToMany {
            let current = targets(of: previous, at: forwardIndex)
            if current.contains(where: { $0 === target }) {
                setSlot(.toMany(current.filter { $0 !== target }), of: previous, at: forwardIndex)
            }
        } else if self.target(of: previous, at: forwardIndex) === target {
            setSlot(.toOne(nil), of: previous, at: forwardIndex)
        }
    }
}
