extension Schema {
    /// The model type of an entity, for code that handles models generically (a sync
    /// engine that receives records by entity name).
    ///
    /// - Parameter name: The entity's name.
    package func modelType(ofEntityNamed name: String) -> (any PersistentModel.Type)? {
        descriptorsByName[name]?.modelType
    }
}
