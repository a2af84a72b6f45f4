extension ModelContextCore {
    /// A model deleted in this context, not saved yet, inserted again: its row stays, and
    /// it is linked back with the models it still holds (``RelationshipGraph/reconnect(_:)``).
    /// Without changes of its own it is as its row, and the snapshot its delete kept goes
    /// (a later rollback would bring back values older than a fetch has shown since).
    func undelete(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        undoRecorder?.registerMembership(false, of: model)
        deletedModels.remove(model)
        backing.state = .persisted
        RelationshipGraph.reconnect(model)
        recordToOnesReadWhileDeleted(of: model)
        if backing.hasChangedProperties {
            changedModels.insert(model)
        } else {
            backing.forgetSnapshot()
        }
        scheduleAutosave()
    }

    /// Marks changed each to-one of a model back from a delete that shows another model than
    /// its row names: one read while the model was deleted, which leaves deleted models out
    /// (its own row, when the model was its own target), without a change to record. The
    /// save then writes what the model shows.
    private func recordToOnesReadWhileDeleted(of model: any PersistentModel) {
        let backing = model.persistentBackingData
        for index in backing.entity.toOnePropertyIndices where !backing.changedProperties.contains(index) {
            guard case .toOne(let target) = backing.relationship(at: index) else { continue }
            let stored: Int64? = if case .integer(let key) = backing.storedValue(at: index) { key } else { nil }
            if target?.persistentBackingData.primaryKey != stored { backing.willChange(index, of: model) }
        }
    }
}
