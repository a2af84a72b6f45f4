extension ModelContextCore {
    /// Fails when an inserted or changed model has an attribute set to a value its codec
    /// could not store, such as a transformable attribute whose transformer returned nil
    /// or something other than `Data`: the value would otherwise be lost without a word.
    /// The model keeps its changes; setting the attribute again, or `rollback()`, clears it.
    func checkUnstorableValues() throws {
        for models in [insertedModels.models, changedModels.models] {
            for model in models {
                let backing = model.persistentBackingData
                guard backing.state != .deleted, let unstorable = backing.unstorableValue else { continue }
                throw SwiftDataError.valueNotStored(
                    entity: backing.entity.name, property: backing.entity.properties[unstorable.index].name,
                    reason: unstorable.reason)
            }
        }
    }
}
