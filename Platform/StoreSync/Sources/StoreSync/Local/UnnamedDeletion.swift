import Foundation

/// A model inserted and deleted since the last push noted here, to which the store gave no
/// record name. Most were never sent, and there is nothing to delete remotely. But a push
/// that reached the server and was not noted (cut off, then the store put back from a
/// backup taken before it) sent the model under a name the store no longer holds, and
/// another machine may have sent that record again since (its server went back in time):
/// the server knows the record by its origin (``SyncRecord/origin``), which the push's
/// tombstone is sent under. Without it, the next pull would bring the deleted model back.
struct UnnamedDeletion: Sendable {
    let entity: String
    /// The model's origin key (``OutgoingChanges/origin(of:insertedAt:)``).
    let origin: String
    /// The devices a push of it was made as: the one its insert was saved as, and its
    /// deletion's.
    let devices: Set<UUID>
    /// The deletion's version.
    let version: HybridLogicalClock
}

extension OutgoingChanges {
    /// Adds a tombstone for each live record of the server an ``UnnamedDeletion`` is the
    /// origin of, unless the push sends that record already.
    ///
    /// - Parameter remote: The store's records on the server.
    /// - Throws: ``SyncError`` when the server cannot be read.
    mutating func addTombstonesOfUnnamedDeletions(from remote: RemoteRecords) async throws(SyncError) {
        guard !unnamedDeletions.isEmpty else { return }
        let found = try await remote.liveRecords(
            originatedBy: Array(Set(unnamedDeletions.flatMap(\.devices))), keys: unnamedDeletions.map(\.origin))
        var sent = Set(records.map(\.recordName))
        for deletion in unnamedDeletions {
            for record in found
            where record.key == deletion.origin && deletion.devices.contains(record.device)
                && !sent.contains(record.name)
            {
                records.append(
                    SyncRecord(
                        recordName: record.name, entity: deletion.entity, fields: [:], version: deletion.version,
                        isDeleted: true))
                sent.insert(record.name)
            }
        }
    }
}
