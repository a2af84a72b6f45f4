extension SwiftDataError {
    /// ``Cause/valueNotStored(entity:property:reason:)``.
    public static func valueNotStored(entity: String, property: String, reason: String) -> SwiftDataError {
        SwiftDataError(.modelValidationFailure, .valueNotStored(entity: entity, property: property, reason: reason))
    }
}
