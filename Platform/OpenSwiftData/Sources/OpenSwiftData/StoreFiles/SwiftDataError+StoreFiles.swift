extension SwiftDataError {
    /// ``Cause/rowsNotCopied(from:into:reason:)``.
    public static func rowsNotCopied(from source: String, into destination: String, reason: String) -> SwiftDataError {
        SwiftDataError(.storeAccessFailure, .rowsNotCopied(from: source, into: destination, reason: reason))
    }
}
