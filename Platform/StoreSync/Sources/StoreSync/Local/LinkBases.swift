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
    /// Each record's to-many fields: the tags of the adds this store saw removed (its own
    /// removals pushed, and the adds a pull no longer brought), by target, kept for the
    /// tombstone retention (by the adds' times): a store syncing with a server that went back
    /// in time removes them again, and no other add (``OutgoingChanges``).
    var removed: [String: [String: [String: [String]]]] = [:]

    private static let name = "storesync.linkBases"

    private struct Stored: Codable {
        let server: UUID?
        let records: [String: [String: [String: [String]]]]
        let unconfirmed: [LinkChange]?
        let removed: [String: [String: [String: [String]]]]?
    }

    /// The elements kept for `server`; none when they are another server's.
    static func read(from metadata: SyncMetadata, server: UUID?) throws -> LinkBases {
        guard let text = try metadata.value(named: name) else { return LinkBases(server: server) }
        let stored = try JSONDecoder().decode(Stored.self, from: Data(text.utf8))
        guard stored.server == server else { return LinkBases(server: server) }
        return LinkBases(
            server: server, records: stored.records, unconfirmed: stored.unconfirmed ?? [],
            removed: stored.removed ?? [:])
    }

    func write(to metadata: SyncMetadata) throws {
        guard !records.isEmpty || !unconfirmed.isEmpty || !removed.isEmpty else {
            return try metadata.setValue(nil, named: Self.name)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let stored = Stored(
            server: server, records: records, unconfirmed: unconfirmed, removed: removed.isEmpty ? nil : removed)
        try metadata.setValue(String(decoding: try encoder.encode(stored), as: UTF8.self), named: Self.name)
    }

    /// The elements as they are once the unconfirmed changes applied.
    var withUnconfirmed: LinkBases {
        var bases = self
        for change in unconfirmed { bases.apply(change) }
        bases.unconfirmed = []
        return bases
    }

    /// Sets a field's elements; an empty field is kept as one (it is known, and empty). The
    /// adds known before and not among them were removed.
    mutating func set(_ elements: [String: [String]], record: String, field: String) {
        for (target, tags) in records[record]?[field] ?? [:] {
            let kept = Set(elements[target] ?? [])
            noteRemoved(tags.filter { !kept.contains($0) }, of: target, record: record, field: field)
        }
        records[record, default: [:]][field] = elements
    }

    /// Notes a change pushed: its removed targets go, its added ones come with its tag.
    mutating func apply(_ change: LinkChange) {
        let record = change.record.uuidString
        var elements = records[record]?[change.field] ?? [:]
        for (target, tags) in change.removed {
            noteRemoved(tags, of: target, record: record, field: change.field)
            elements[target] = nil
        }
        for (target, tag) in change.tagsAdded where elements[target]?.contains(tag) != true {
            elements[target, default: []].append(tag)
        }
        set(elements, record: record, field: change.field)
    }

    /// Forgets a record's fields (it was deleted).
    mutating func forget(record: String) {
        records[record] = nil
        removed[record] = nil
    }

    /// Notes adds removed.
    private mutating func noteRemoved(_ tags: [String], of target: String, record: String, field: String) {
        guard !tags.isEmpty else { return }
        var known = removed[record]?[field]?[target] ?? []
        known += tags.filter { !known.contains($0) }
        removed[record, default: [:]][field, default: [:]][target] = known
    }

    /// Forgets the removals of the adds whose tags sort below `tag`.
    mutating func forgetRemovals(below tag: String) {
        for (record, fields) in removed {
            var kept = fields.mapValues { targets in
                targets.mapValues { $0.filter { $0 >= tag } }.filter { !$0.value.isEmpty }
            }
            kept = kept.filter { !$0.value.isEmpty }
            removed[record] = kept.isEmpty ? nil : kept
        }
    }
}
