import Foundation
import OpenSwiftData

/// The deletions a store saw, pushed or pulled, each with its version, kept in its
/// ``SyncMetadata`` for as long as the server keeps tombstones
/// (``StoreSyncEngine/tombstoneRetention``). A push of every model sends them again
/// (``OutgoingChanges``): a server that went back in time to a copy on which those records
/// were live learns they were deleted, instead of giving them back to every machine, and a
/// new server learns them before a machine that still holds one of those records sends it.
enum DeletionsNoted {
    /// Notes the tombstones among `records`.
    static func note(_ records: [SyncRecord], in metadata: SyncMetadata) throws {
        for record in records where record.isDeleted {
            try metadata.noteDeletion(
                ofRecordNamed: record.recordName.uuidString, entity: record.entity,
                version: record.version.fieldVersion)
        }
    }

    /// The lowest version (``HybridLogicalClock/fieldVersion``) kept for `retention` at
    /// `now`: the time's 16 digits, which sort below every version of that millisecond and
    /// above every earlier one. The deletions below it are forgotten (the server has removed
    /// their tombstones, and a machine that missed them pulls every record), and so are the
    /// removals of to-many adds (``LinkBases/forgetRemovals(below:)``).
    static func oldest(keptFor retention: Duration, at now: Date) -> String {
        HybridLogicalClock.hex16(HybridLogicalClock.milliseconds(now) - retention.components.seconds * 1000)
    }
}
