/// A context's unsaved changes at one moment, by model: what `enumerate` compares the
/// context with to find the changes its block made (`allowEscapingMutations`).
struct ContextChanges {
    private let inserted: Set<ObjectIdentifier>
    private let changed: Set<ObjectIdentifier>
    private let deleted: Set<ObjectIdentifier>

    init(of context: ModelContextCore) {
        inserted = Set(context.insertedModels.models.map { ObjectIdentifier($0) })
        changed = Set(context.changedModelsArray.map { ObjectIdentifier($0) })
        deleted = Set(context.deletedModels.models.map { ObjectIdentifier($0) })
    }

    /// How many models `context` has inserted, changed or deleted since, unsaved. A
    /// model changed before and changed again is not counted.
    func newChanges(in context: ModelContextCore) -> Int {
        context.insertedModels.models.count { !inserted.contains(ObjectIdentifier($0)) }
            + context.changedModelsArray.count { !changed.contains(ObjectIdentifier($0)) }
            + context.deletedModels.models.count { !deleted.contains(ObjectIdentifier($0)) }
    }
}
