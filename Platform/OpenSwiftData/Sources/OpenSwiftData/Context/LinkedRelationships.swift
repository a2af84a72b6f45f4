/// The relationships through which a context's models have held other models: each
/// relationship (of an entity, at a property index) in which a model registered in the
/// context has had a target loaded or set.
///
/// Models hold the models of their loaded relationships, and their context's core; the
/// core holds none of them. Models nobody else holds then end by themselves, unless they
/// hold each other in a cycle (`shelf.volumes` and `volume.shelf` both loaded), which the
/// core breaks when the app lets go of the context (``ModelContextCore/handleReleased()``).
/// A cycle of models goes through a cycle of their hierarchies, linked by these
/// relationships: when those links form none (only `parent.children` was read), no model
/// is in a cycle, and there is nothing to break, nor any model to walk.
struct LinkedRelationships {
    /// A relationship of an entity, by property index.
    private struct Link: Hashable {
        let entity: EntityDescriptor
        let index: Int

        static func == (lhs: Link, rhs: Link) -> Bool { lhs.entity === rhs.entity && lhs.index == rhs.index }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(entity))
            hasher.combine(index)
        }
    }

    private var links: Set<Link> = []
    /// The link recorded last: a relationship loaded for a batch of models records the
    /// same link for each, which this answers without hashing.
    private var last: Link?

    /// Records that a model of `entity` holds targets in its relationship at `index`.
    mutating func insert(_ entity: EntityDescriptor, at index: Int) {
        if let last, last.entity === entity, last.index == index { return }
        let link = Link(entity: entity, index: index)
        links.insert(link)
        last = link
    }

    /// The hierarchies (``EntityDescriptor/identityIndex``) that lie on a cycle of the
    /// recorded links, from a model's hierarchy to its relationship's target's: the only
    /// ones whose models can hold each other in a cycle.
    func hierarchiesOnCycles() -> Set<Int> {
        var targets: [Int: Set<Int>] = [:]
        for link in links {
            guard let relationship = link.entity.properties[link.index].relationship else { continue }
            let target = EntityDescriptor.known(relationship.target).identityIndex
            targets[link.entity.identityIndex, default: []].insert(target)
        }
        // A hierarchy is on a cycle when it can reach itself: a search from each (the
        // hierarchies of one schema are few).
        var onCycles = Set<Int>()
        for start in targets.keys {
            var seen = Set<Int>()
            var pending = Array(targets[start] ?? [])
            while let next = pending.popLast() {
                if next == start {
                    onCycles.insert(start)
                    break
                }
                if seen.insert(next).inserted { pending.append(contentsOf: targets[next] ?? []) }
            }
        }
        return onCycles
    }
}

extension RelationshipSlot {
    /// Whether the slot holds a model that left its context (its row deleted since).
    var holdsModelOutOfContext: Bool {
        switch self {
        case .notLoaded, .toOne(nil): false
        case .toOne(let target?): target.persistentBackingData.context == nil
        case .toMany(let targets): targets.contains { $0.persistentBackingData.context == nil }
        }
    }

    /// Whether the slot holds a model: a loaded to-one with a target, or a loaded to-many
    /// with at least one.
    var holdsModels: Bool {
        switch self {
        case .notLoaded, .toOne(nil): false
        case .toOne: true
        case .toMany(let targets): !targets.isEmpty
        }
    }
}
