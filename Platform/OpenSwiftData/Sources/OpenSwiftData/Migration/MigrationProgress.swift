/// Where a migration is, as reported to a ``MigrationObserver``.
public struct MigrationProgress: Sendable, CustomStringConvertible {
    /// What the migration is doing.
    public enum Phase: String, Sendable {
        /// Writing the backup of the store before the first stage.
        case backingUp = "backing up"
        /// Running the stage's `willMigrate`, on the old version's models.
        case willMigrate = "willMigrate"
        /// Changing the tables to the new version's shape.
        case changingShape = "changing the store's shape"
        /// Running the stage's `didMigrate`, on the new version's models.
        case didMigrate = "didMigrate"
        /// Checking each entity's row count and each kept relationship's links.
        case verifying = "verifying row counts"
        /// The stage is done.
        case finished = "finished"
    }

    /// The stage's position, from 1.
    public let stageNumber: Int
    /// How many stages the migration runs.
    public let stageCount: Int
    /// The stage, as in "custom 1.0.0 → 2.0.0".
    public let stage: String
    /// What the stage is doing.
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
