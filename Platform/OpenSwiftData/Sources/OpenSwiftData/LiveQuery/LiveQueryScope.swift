/// The entities whose saves can change a live query's result: what
/// ``LiveQuery`` checks each save of its container against before fetching again.
///
/// A descriptor's predicate and sort read the fetched entity's rows (its sub-entities'
/// too) and, through relationships, the rows of the entities they lead to, and so on;
/// the fetched models show their relationships as well. So a save can change the result
/// only when it inserts, updates or deletes a model of one of those entities. The scope
/// is that closure over the schema's relationships, found once: it needs no reading of
/// the predicate, and checking a save against it is a set lookup per changed entity.
struct LiveQueryScope: Sendable {
    /// The fetched entity and its sub-entities: a save of these can add models to the
    /// result, remove them, or change them.
    let ownEntities: Set<String>
    /// The other entities reached through relationships, transitively: a save of these
    /// can change what the predicate and sort read, or what the models' relationships
    /// hold.
    let relatedEntities: Set<String>
    /// Whether every save is taken as a change: the fetched type is not in the
    /// container's schema (its fetch fails, and is tried again at every save).
    let isUnbounded: Bool

    init(of modelType: any PersistentModel.Type, in schema: Schema) {
        guard let root = schema.descriptor(for: modelType) else {
            (ownEntities, relatedEntities, isUnbounded) = ([], [], true)
            return
        }
        let own = Self.kinds(of: root, in: schema)
        var reached = Set(own.map(\.name))
        var pending = own
        while let entity = pending.popLast() {
            for property in entity.properties {
                guard let target = property.relationship.flatMap({ schema.descriptor(for: $0.target) }) else {
                    continue
                }
                for kind in Self.kinds(of: target, in: schema) where reached.insert(kind.name).inserted {
                    pending.append(kind)
                }
            }
        }
        ownEntities = Set(own.map(\.name))
        relatedEntities = reached.subtracting(ownEntities)
        isUnbounded = false
    }

    /// `entity` and the schema's entities that inherit from it.
    private static func kinds(of entity: EntityDescriptor, in schema: Schema) -> [EntityDescriptor] {
        schema.descriptors.filter { $0.isKind(of: entity) }
    }

    /// Whether `change` may change a result in this scope: it erased every model, or it
    /// saved a model of one of the scope's entities.
    func mayAffect(_ change: ModelContainer.Change) -> Bool {
        if isUnbounded || change.erasedAll { return true }
        return change.entityNames.contains { ownEntities.contains($0) || relatedEntities.contains($0) }
    }

    /// Whether `change` saved a model of a related entity, which the result's models may
    /// show through their relationships whatever models the result holds.
    func touchesRelatedEntities(_ change: ModelContainer.Change) -> Bool {
        change.entityNames.contains { relatedEntities.contains($0) }
    }
}
