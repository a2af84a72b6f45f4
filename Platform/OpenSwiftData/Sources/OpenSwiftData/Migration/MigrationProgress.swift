/// Where a migration is, as reported to a ``MigrationObserver``.
public struct MigrationProgress: Sendable, CustomStringConvertible {
    /// What the migration is doing.
    public enum Phase: String, Sendable {
        case backingUp = "backing up"
        case willMigrate = "willMigrate"
        case changingShape = "changing the store's shape"
        case didMigrate = "didMigrate"
        case verifying = "verifying row counts"
        case finished = "finished"
    }

    /// The stage's position, from 1.
    public let stageNumber: Int
    public let stageCount: Int
    /// The stage, as in "custom 1.0.0 → 2.0.0".
    public let stage: String
    public let phase: Phase
    /// Rows inserted, updated or deleted so far by the stage's custom code.
    public let rowsDone: Int

    public var description: String {
        var text = "stage \(stageNumber) of \(stageCount) (\(stage)): \(phase.rawValue)"
        if rowsDone > 0 { text += ", \(rowsDone) rows" }
        return text
    }
}

/// Receives migration progress; called on the migrating thread.
public typealias MigrationObserver = @Sendable (MigrationProgress) -> Void
