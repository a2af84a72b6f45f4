import Foundation
import OpenSwiftData

/// The relationship fields received whose targets this store does not hold yet: a child
/// pulled before its parent. Kept in the store's ``SyncMetadata`` (written in the pull's
/// transaction, so a restart keeps them), and tried again by every pull until each
/// target has arrived, been deleted, or the field has changed.
///
/// Meanwhile the model holds the targets present; a push of it sends the field as
/// received (``OutgoingChanges``), not the part this store could link.
struct PendingLinks {
    /// A relationship field of one record.
    struct Key: Hashable, Comparable, Codable {
        let record: String
        let field: String

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.record, lhs.field) < (rhs.record, rhs.field) }
    }

    /// The field's JSON text as received, and the entity of its record.
    struct Link: Codable, Equatable {
        let entity: String
        var value: String
    }

    var links: [Key: Link] = [:]

    private static let name = "storesync.pendingLinks"

    private struct Stored: Codable {
        let record: String
        let field: String
        let entity: String
        let value: String
    }

    static func read(from metadata: SyncMetadata) throws -> PendingLinks {
        guard let text = try metadata.value(named: name) else { return PendingLinks() }
        let stored = try JSONDecoder().decode([Stored].self, from: Data(text.utf8))
        var pending = PendingLinks()
        for entry in stored {
            pending.links[Key(record: entry.record, field: entry.field)] = Link(
                entity: entry.entity, value: entry.value)
        }
        return pending
    }

    func write(to metadata: SyncMetadata) throws {
        guard !links.isEmpty else { return try metadata.setValue(nil, named: Self.name) }
        let stored = links.keys.sorted().compactMap { key in
            links[key].map { Stored(record: key.record, field: key.field, entity: $0.entity, value: $0.value) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try metadata.setValue(String(decoding: try encoder.encode(stored), as: UTF8.self), named: Self.name)
    }

    /// The pending fields of one record, by field name.
    func fields(ofRecord record: String) -> [String: String] {
        var fields: [String: String] = [:]
        for (key, link) in links where key.record == record { fields[key.field] = link.value }
        return fields
    }
}
