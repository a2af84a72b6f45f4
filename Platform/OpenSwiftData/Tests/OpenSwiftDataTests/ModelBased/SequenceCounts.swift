import Foundation

/// Where a generated sequence and the reference parted: the step and what differed.
struct SequenceFailure: Error, CustomStringConvertible {
    let step: Int
    let message: String

    var description: String { "step \(step): \(message)" }
}

/// What a run did, for the figures a long run reports.
struct SequenceCounts {
    var sequences = 0
    var operations = 0
    var saves = 0
    var refusedSaves = 0
    /// Undos and redos the undo manager made.
    var undos = 0
    /// Deleted models inserted again, and bulk deletes in the working context while it
    /// held unsaved changes.
    var reinserts = 0
    var bulkDeletesAmongChanges = 0
    /// Saves of the second context that wrote links, and those among them that relinked
    /// models the working context had unsaved changes of.
    var secondLinkSaves = 0
    var secondLinkSavesOverChanges = 0
    /// Saves of the second context that deleted rows.
    var secondDeleteSaves = 0
    var checks = 0

    mutating func add(_ other: SequenceCounts) {
        sequences += other.sequences
        operations += other.operations
        saves += other.saves
        refusedSaves += other.refusedSaves
        undos += other.undos
        reinserts += other.reinserts
        bulkDeletesAmongChanges += other.bulkDeletesAmongChanges
        secondLinkSaves += other.secondLinkSaves
        secondLinkSavesOverChanges += other.secondLinkSavesOverChanges
        secondDeleteSaves += other.secondDeleteSaves
        checks += other.checks
    }
}
