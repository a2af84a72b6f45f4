extension SwiftDataError {
    /// ``Cause/valueNotStored(entity:property:reason:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - property: The name of the attribute.
    ///   - reason: Why the value cannot be stored.
    public static func valueNotStored(entity: String, property: String, reason: String) -> SwiftDataError {
        SwiftDataError(.modelValidationFailure, .valueNotStored(entity: entity, property: property, reason: reason))
    }
}
