import Foundation
import OpenSwiftData

/// What this store last knew of its records' to-many fields on the server: each element
/// of each field, with the tags of its adds (``RemoteLinks``). A push changes a
/// field by the targets added and removed since (``LinkChange``), not by the whole list,
/// so that another machine's concurrent adds stay. Kept in the store's ``SyncMetadata``,
/// written with the pull that received the elements and with the push that changed them;
/// they belong to one server, and are forgotten for another.
///
/// The changes a push sends are kept too, from the transaction that prepares the push to
/// the one that notes it (``unconfirmed``): a push cut off after the server took it and
/// before it was noted here (a `kill -9`) may have been applied, so the next push counts
/// them as applied and sends them again (adds and removals apply twice to the same
/// result). Its own later changes, a removal of what the cut-off push added, then hold.
struct LinkBases {
    /// The server the elements are of.
    var server: UUID?
    /// Each record's to-many fields: each target's record name, with the tags of its adds.
    var records: [String: [String: [String: [String]]]] = [:]
    /// The changes of a push not noted yet, in order.
    var unconfirmed: [LinkChange] = []

    private static let name = "storesync.linkBases"

    private struct Stored: Codable {
        let server: UUID?
        let records: [String: [String: [String: [String]]]]
        let unconfirmed: [LinkChange]?
    }

    /// The elements kept for `server`; none when they are another server's.
    static func read(from metadata: SyncMetadata, server: UUID?) throws -> LinkBases {
        guard let text = try metadata.value(named: name) else { return LinkBases(server: server) }
        let stored = try JSONDecoder().decode(Stored.self, from: Data(text.utf8))
        guard stored.server == server else { return LinkBases(server: server) }
        return LinkBases(server: server, records: stored.records, unconfirmed: stored.unconfirmed ?? [])
    }

    func write(to metadata: SyncMetadata) throws {
        guard !records.isEmpty || !unconfirmed.isEmpty else { return try metadata.setValue(nil, named: Self.name) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try metadata.setValue(
            String(
                decoding: try encoder.encode(Stored(server: server, records: records, unconfirmed: unconfirmed)),
                as: UTF8.self),
            named: Self.name)
    }

    /// The elements as they are once the unconfirmed changes applied.
    var withUnconfirmed: LinkBases {
        var bases = self
        for change in unconfirmed { bases.apply(change) }
        bases.unconfirmed = []
        return bases
    }

    /// Sets a field's elements; an empty field is kept as one (it is known, and empty).
    mutating func set(_ elements: [String: [String]], record: String, field: String) {
        records[record, default: [:]][field] = elements
    }

    /// Notes a change pushed: its removed targets go, its added ones come with its tag.
    mutating func apply(_ change: LinkChange) {
        let record = change.record.uuidString
        var elements = records[record]?[change.field] ?? [:]
        for target in change.removed.keys { elements[target] = nil }
        for (target, tag) in change.tagsAdded where elements[target]?.contains(tag) != true {
            elements[target, default: []].append(tag)
        }
        set(elements, record: record, field: change.field)
    }

    /// Forgets a record's fields (it was deleted).
    mutating func forget(record: String) {
        records[record] = nil
    }
}
