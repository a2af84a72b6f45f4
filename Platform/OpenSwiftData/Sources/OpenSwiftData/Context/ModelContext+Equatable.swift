extension ModelContext: Equatable {
    /// Whether `lhs` and `rhs` are the same context, as SwiftData's `ModelContext` compares:
    /// apps compare a stored context with another, or an optional one with `.none`.
    ///
    /// - Parameters:
    ///   - lhs: A context.
    ///   - rhs: Another context.
    /// - Returns: `true` when both are the same instance.
    public static func == (lhs: ModelContext, rhs: ModelContext) -> Bool {
        lhs === rhs
    }
}
