import OpenSwiftData

/// A change of a link as a context's steps make it, in the working context or the second.
extension SequenceRunner {
    enum LinkChange {
        case setToOne(GeneratedRelationship, slot: Int, target: Int?)
        case append(GeneratedRelationship, slot: Int, target: Int)
        case remove(GeneratedRelationship, slot: Int, target: Int)
    }

    /// Makes `change` in `store` (the reference of the context) and on the context's models
    /// (`models` gives them by rid): a to-one set, a model appended to or removed from a
    /// to-many. A step whose models do not exist changes nothing; an append of a model the
    /// list holds already is not made (SwiftData's array would hold it twice).
    static func changeLink(
        _ change: LinkChange, in store: inout ReferenceStore, models model: (Int) throws -> any PersistentModel
    ) throws {
        switch change {
        case .setToOne(let relationship, let slot, let targetSlot):
            guard let rid = store.resolve(slot, among: relationship.owner.family) else { return }
            let target = targetSlot.flatMap { store.resolve($0, among: relationship.target.family) }
            guard target != nil || targetSlot == nil, target != nil || !relationship.isRequired else { return }
            store.setToOne(relationship, of: rid, to: target)
            GeneratedModelAccess.setToOne(relationship.name, of: try model(rid), to: try target.map(model))
        case .append(let relationship, let slot, let targetSlot):
            guard let rid = store.resolve(slot, among: relationship.owner.family),
                let target = store.resolve(targetSlot, among: relationship.target.family),
                !store.pending[rid]!.links[relationship.name]!.contains(target)
            else { return }
            store.append(relationship, of: rid, target)
            GeneratedModelAccess.append(relationship.name, of: try model(rid), try model(target))
        case .remove(let relationship, let slot, let targetSlot):
            guard let rid = store.resolve(slot, among: relationship.owner.family),
                let target = store.resolve(targetSlot, among: relationship.target.family)
            else { return }
            let owner = try model(rid)
            let removed = try model(target)
            store.remove(relationship, of: rid, target)
            let kept = GeneratedModelAccess.targets(relationship.name, of: owner).filter { $0 !== removed }
            GeneratedModelAccess.setToMany(relationship.name, of: owner, to: kept)
        }
    }
}
