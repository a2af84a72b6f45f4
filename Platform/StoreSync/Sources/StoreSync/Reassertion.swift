import Foundation
import OpenSwiftData

/// Sends records of a store to the server again, whole, at a new version of the store's
/// clock, over what the server holds: every field at that version, and each to-many field's
/// set made what the store holds (the server's other adds removed). A record the server had
/// deleted since comes back.
///
/// The digest check sends so the records a server lost (``DigestCheck``); a person does it
/// for a whole store with ``StoreSyncEngine/reassert(_:)``.
struct Reassertion {
    let store: SyncedStore
    let codecs: [String: EntityCodec]
    let records: RemoteRecords

    /// Sends `sent` (record names, and the records as the store holds them), then advances
    /// the store's clock past their version and notes the field versions the server holds
    /// (``RecordVersions``) and the push's last sequence number (``SyncState/notedCursor``).
    /// Sends nothing for a store never synced.
    func send(_ sent: [(UUID, LocalDigest.Record)]) async throws(SyncError) {
        guard !sent.isEmpty else { return }
        let state = try await SyncError.onLocalStore(store.name) { try await SyncState.read(of: store) }
        guard let device = state.device else { return }
        let version = (state.clock ?? .zero(device: device)).stamp(savedAt: Date(), device: device)
        var linkChanges: [LinkChange] = []
        for (name, record) in sent {
            for link in codecs[record.entity]?.links ?? [] where link.isToMany {
                guard let text = record.fields[link.name] else { continue }
                let targets = try await SyncError.onLocalStore(store.name) { try link.names(in: text) }
                linkChanges.append(
                    LinkChange(
                        record: name, field: link.name, added: targets, removed: [:], version: version.fieldVersion,
                        replacesOlder: true))
            }
        }
        let pushed = try await records.push(
            sent.map { name, record in
                SyncRecord(
                    recordName: name, entity: record.entity, fields: record.fields, version: version,
                    isDeleted: false)
            }, linkChanges: linkChanges, by: device)
        try await SyncError.onLocalStore(store.name) {
            try await store.container.performSyncTransaction(author: SyncAuthor.name) { _, metadata in
                var state = try SyncState.read(from: metadata)
                state.advanceClock(to: version)
                // The push raised the device's note on the server to its last number.
                state.notedCursor = max(state.notedCursor, pushed.sequenceRange?.upperBound ?? 0)
                try state.write(to: metadata)
                for (name, versions) in pushed.versions {
                    guard let identifier = try metadata.identifier(ofRecordNamed: name.uuidString) else { continue }
                    try metadata.setRecordVersions(versions, of: identifier)
                }
            }
        }
    }
}
