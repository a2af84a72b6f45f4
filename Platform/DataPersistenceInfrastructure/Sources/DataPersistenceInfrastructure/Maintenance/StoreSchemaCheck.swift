import OpenSwiftData

/// Whether a store's schema is the one this release declares, read-only
/// (``StoreMaintenance/checkSchema(of:in:)``).
public enum StoreSchemaCheck: Sendable, Hashable {
    /// The store is at the declared version.
    case current
    /// Opening the store migrates it, from `from` (nil for an unversioned store) to `to`,
    /// in `stageCount` stages.
    case migrates(from: Schema.Version?, to: Schema.Version, stageCount: Int)
    /// A cache that cannot be migrated: it is deleted and created anew on next use.
    case recreated(reason: String)
    /// A user-data store this release cannot open: opening it is refused.
    case refused(reason: String)

    /// Whether the store has a problem a person must act on: only a refused user store.
    public var isProblem: Bool {
        if case .refused = self { return true }
        return false
    }
}
