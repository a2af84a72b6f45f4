import Foundation

/// One record as the server holds it: a model's fields, or a tombstone.
struct SyncRecord: Sendable {
    let recordName: UUID
    let entity: String
    /// Each field's value as JSON text, by property name; empty for a tombstone pushed.
    let fields: [String: String]
    let version: HybridLogicalClock
    let isDeleted: Bool
    /// The server's sequence number of the record's last write; 0 before the server
    /// gave one.
    var sequence: Int64 = 0

    /// The fields as one JSON object, keys sorted.
    var fieldsObject: String {
        "{" + fields.keys.sorted().map { "\(JSONText.string($0)):\(fields[$0] ?? "null")" }.joined(separator: ",")
            + "}"
    }
}
