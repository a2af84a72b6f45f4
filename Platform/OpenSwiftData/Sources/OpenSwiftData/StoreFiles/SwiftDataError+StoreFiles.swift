extension SwiftDataError {
    /// ``Cause/rowsNotCopied(from:into:reason:)``.
    ///
    /// - Parameters:
    ///   - source: The path of the store copied from.
    ///   - destination: The path of the store copied into.
    ///   - reason: Why the rows were not copied.
    public static func rowsNotCopied(from source: String, into destination: String, reason: String) -> SwiftDataError {
        SwiftDataError(.storeAccessFailure, .rowsNotCopied(from: source, into: destination, reason: reason))
    }
}
