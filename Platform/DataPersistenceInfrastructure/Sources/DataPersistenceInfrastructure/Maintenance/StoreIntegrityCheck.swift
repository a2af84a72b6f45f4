/// The result of SQLite's integrity check of a store's file, read-only
/// (``StoreMaintenance/checkIntegrity(of:in:)``).
public enum StoreIntegrityCheck: Sendable, Hashable {
    /// No file.
    case missing
    /// SQLite found no problem.
    case ok
    /// SQLite's first messages (at most three).
    case problems([String])
    /// Why the file cannot be read.
    case unreadable(reason: String)
}
