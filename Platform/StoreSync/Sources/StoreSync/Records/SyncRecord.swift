import Foundation

/// One record as the server holds it: a model's fields, or a tombstone.
struct SyncRecord: Sendable {
    let recordName: UUID
    let entity: String
    /// Each field's value as JSON text, by property name; empty for a tombstone pushed.
    let fields: [String: String]
    let version: HybridLogicalClock
    let isDeleted: Bool
    /// The fields this write changed; nil when it wrote every field (an insert, a first
    /// push). The others are sent at ``HybridLogicalClock/unchangedFieldVersion``: they
    /// fill a field the server lacks and never replace one it has.
    var changedFields: Set<String>? = nil
    /// The server's sequence number of the record's last write; 0 before the server
    /// gave one.
    var sequence: Int64 = 0
    /// The model's entity and primary key in the store that first wrote the record
    /// (`Entity/key@insert-time`), which the server keeps with ``originDevice`` when a push
    /// is the record's first write: what a store put back from a backup finds its records
    /// by (``RemoteRecords/names(originatedBy:)``).
    var origin: String? = nil
    /// The device of the store that first wrote the record: read from the server, or sent
    /// with a record pulled from it (a server that lost the record learns where it came
    /// from); nil for a record this device is the origin of.
    var originDevice: UUID? = nil
    /// Each field's version as the server holds it, its `field_versions` as `jsonb` prints
    /// them, for a record read from the server; nil for a record to push.
    var serverFieldVersions: String? = nil
    /// Each field's own version, for a record pushed with the versions its fields had when
    /// written (a push of every model, ``OutgoingChanges``): a field without one is sent at
    /// ``version``. Nil for a record whose fields go at ``version`` (or unchanged).
    var writtenFieldVersions: [String: String]? = nil
    /// Why the server's row is no record this release can read, whatever its entity (its
    /// fields are no JSON object); nil for a record that can be read.
    var unreadable: String? = nil

    /// Each field's version (``HybridLogicalClock/fieldVersion``), by name.
    var fieldVersions: [String: String] {
        let changed = version.fieldVersion
        if let writtenFieldVersions {
            return Dictionary(uniqueKeysWithValues: fields.keys.map { ($0, writtenFieldVersions[$0] ?? changed) })
        }
        return Dictionary(
            uniqueKeysWithValues: fields.keys.map { name in
                (
                    name,
                    changedFields.map { $0.contains(name) } ?? true ? changed : HybridLogicalClock.unchangedFieldVersion
                )
            })
    }

    /// ``fieldVersions`` as one JSON object, keys sorted.
    var fieldVersionsObject: String {
        JSONText.object(fieldVersions.mapValues(JSONText.string))
    }

    /// The fields as one JSON object, keys sorted.
    var fieldsObject: String { JSONText.object(fields) }

    /// The record's origin as a store notes it (``SyncMetadata/allRecordOrigins()``): the
    /// device and the key; nil for a record that has none.
    var notedOrigin: String? {
        guard let originDevice, let origin else { return nil }
        return "\(originDevice.uuidString) \(origin)"
    }

    /// The device and the key of an origin a store noted; nil for text that is not one.
    static func origin(noted text: String) -> (device: UUID, key: String)? {
        guard let space = text.firstIndex(of: " "), let device = UUID(uuidString: String(text[..<space])) else {
            return nil
        }
        return (device, String(text[text.index(after: space)...]))
    }
}
