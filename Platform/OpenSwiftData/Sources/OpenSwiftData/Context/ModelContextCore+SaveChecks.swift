extension ModelContextCore {
    /// Which of the checks a save runs on its inserted and changed models could fail,
    /// found in one walk of them. Each check walks every model again, and most saves need
    /// none: a model needs one only if its entity has required to-one relationships or
    /// bounds on a relationship's count, or if it kept an unread relationship or an
    /// unstorable value in its changes.
    struct SaveChecks {
        var unreadRelationships = false
        var unstorableValues = false
        var requiredRelationships = false
        var modelCounts = false
    }

    /// The checks this context's pending models need (``SaveChecks``).
    func neededSaveChecks() -> SaveChecks {
        var checks = SaveChecks()
        // Each list on its own: joined, they would be copied, a retain and a release per model.
        var lastEntity: EntityDescriptor?
        for model in insertedModels.models { note(model.persistentBackingData, in: &checks, lastEntity: &lastEntity) }
        for model in changedModels.models { note(model.persistentBackingData, in: &checks, lastEntity: &lastEntity) }
        return checks
    }

    /// Notes what one model needs checked. Models come in runs of one entity, whose
    /// needs are read once per run.
    private func note(_ backing: ModelBackingData, in checks: inout SaveChecks, lastEntity: inout EntityDescriptor?) {
        let entity = backing.entity
        if entity !== lastEntity {
            lastEntity = entity
            if !entity.requiredToOnePropertyIndices.isEmpty { checks.requiredRelationships = true }
            if !entity.modelCountLimits.isEmpty { checks.modelCounts = true }
        }
        guard let changes = backing.pendingChanges else { return }
        if !changes.unreadRelationships.isEmpty { checks.unreadRelationships = true }
        if !changes.unstorableValues.isEmpty { checks.unstorableValues = true }
    }
}
