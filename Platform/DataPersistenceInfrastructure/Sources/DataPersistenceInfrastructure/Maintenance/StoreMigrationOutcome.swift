import OpenSwiftData

/// What ``StoreMaintenance/migrate(_:in:dryRun:observer:)`` did, or would do.
public enum StoreMigrationOutcome: Sendable {
    /// The store is at the declared version; it was only read.
    case upToDate(version: Schema.Version)
    /// The stages run (or, for a dry run, that would run), their SQL and the backup.
    case migrated(MigrationReport)
}
