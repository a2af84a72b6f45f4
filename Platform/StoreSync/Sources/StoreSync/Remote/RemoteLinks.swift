import Foundation
import PostgresNIO

/// To-many fields as add-wins sets on the server (an observed-remove set): each add of a
/// target to a record's to-many field is a row of the store's links table
/// (``RemoteSchema/linksTable(_:)``), tagged with the version of the change that made it,
/// and a removal marks the adds its machine had seen as removed. A target is in the set
/// while one of its adds is not removed.
///
/// A push changes a field by its ``LinkChange``s, in the push's transaction, under its lock
/// of the records table; then the record's field is set to the sorted array of the
/// targets in the set, so that a pull reads the field as before. Two machines that add
/// targets at once both keep theirs (the same target too: two adds), and a removal takes
/// out only the adds its machine had seen: another machine's add made meanwhile stays.
/// A push repeated after a crash adds nothing twice (an add's tag is its row's key) and
/// brings back no add removed since.
struct RemoteLinks {
    let remote: RemoteConnection
    let table: String
    let records: String

    init(remote: RemoteConnection, store: String) {
        self.remote = remote
        table = RemoteSchema.linksTable(store)
        records = RemoteSchema.recordsTable(store)
    }

    /// Makes the adds of the changed fields that have none from the records' arrays, tagged
    /// with the fields' versions: a field written before this table existed (an earlier
    /// release). Runs before the push writes the records, which may replace the arrays.
    func seed(_ changes: [LinkChange]) async throws(SyncError) {
        guard !changes.isEmpty else { return }
        let names = changes.map(\.record)
        let fields = changes.map(\.field)
        try await remote.query(
            """
            INSERT INTO \(unescaped: table) (record_name, field, target, added)
            SELECT r.record_name, c.field, t.target, coalesce(nullif(r.field_versions ->> c.field, ''), \
                lpad(to_hex(r.version_wall), 16, '0') || lpad(to_hex(r.version_counter), 16, '0') || r.device::text)
            FROM unnest(\(names)::uuid[], \(fields)::text[]) AS c(record_name, field)
            JOIN \(unescaped: records) AS r ON r.record_name = c.record_name AND NOT r.deleted \
                AND jsonb_typeof(r.fields -> c.field) = 'array'
            CROSS JOIN LATERAL jsonb_array_elements_text(r.fields -> c.field) AS t(target)
            WHERE NOT EXISTS (SELECT 1 FROM \(unescaped: table) AS l \
                WHERE l.record_name = c.record_name AND l.field = c.field)
            ON CONFLICT DO NOTHING
            """)
    }

    /// Writes the changes' adds and removals into the sets of the live records, removes the
    /// rows of the records of the tombstones `deleted` that the server took, and sets each
    /// changed field to its set's targets. A record whose set gained an add or a removal, and
    /// that this push did not write (it is in `written` otherwise), gets a new sequence number
    /// even when its array stays the same (a target another machine added too), so that the
    /// other machines pull its adds: a removal there takes out only the adds it knows.
    /// Returns the records given a new number here, with it: their arrays or adds are no
    /// longer the ones sent, and the pusher fetches them.
    func apply(_ changes: [LinkChange], deleted: [UUID], written: Set<UUID>) async throws(SyncError)
        -> [(UUID, Int64)]
    {
        if !deleted.isEmpty {
            try await remote.query(
                """
                DELETE FROM \(unescaped: table) AS l USING \(unescaped: records) AS r
                WHERE r.record_name = l.record_name AND r.deleted AND r.record_name = ANY(\(deleted)::uuid[])
                """)
        }
        guard !changes.isEmpty else { return [] }
        try await write(adds(of: changes), removed: false)
        try await write(removals(of: changes), removed: true)
        let replacing = changes.filter(\.replacesOlder)
        if !replacing.isEmpty {
            let kept = replacing.map { change in
                "[" + change.added.map(JSONText.string).joined(separator: ",") + "]"
            }
            try await remote.query(
                """
                UPDATE \(unescaped: table) AS l SET removed = true
                FROM unnest(\(replacing.map(\.record))::uuid[], \(replacing.map(\.field))::text[], \
                    \(replacing.map(\.version))::text[], \(kept)::text[]) AS u(record_name, field, version, kept)
                WHERE l.record_name = u.record_name AND l.field = u.field \
                    AND l.added COLLATE "C" < u.version COLLATE "C" AND NOT (u.kept::jsonb ? l.target)
                """)
        }
        let names = changes.map(\.record)
        let fields = changes.map(\.field)
        let versions = changes.map(\.version)
        let touched = changes.filter {
            !written.contains($0.record) && (!$0.tagsAdded.isEmpty || !$0.removed.isEmpty)
        }.map(\.record)
        // Per record, the changed fields' arrays and versions (the later of the change's and
        // the record's), written where an array differs or the adds changed (`touched`).
        let rows = try await remote.query(
            """
            WITH c AS (SELECT DISTINCT ON (record_name, field) * FROM unnest(\(names)::uuid[], \(fields)::text[], \
                    \(versions)::text[]) AS c(record_name, field, version) ORDER BY record_name, field, version COLLATE "C" DESC),
            m AS (SELECT c.record_name,
                    jsonb_object_agg(c.field, (SELECT coalesce(jsonb_agg(t.target ORDER BY t.target COLLATE "C"), '[]'::jsonb) \
                        FROM (SELECT DISTINCT l.target FROM \(unescaped: table) AS l WHERE l.record_name = c.record_name \
                        AND l.field = c.field AND NOT l.removed) AS t)) AS arrays,
                    jsonb_object_agg(c.field, CASE WHEN c.version COLLATE "C" > coalesce(r.field_versions ->> c.field, '') COLLATE "C" \
                        THEN c.version ELSE r.field_versions ->> c.field END) AS versions
                FROM c JOIN \(unescaped: records) AS r ON r.record_name = c.record_name AND NOT r.deleted
                GROUP BY c.record_name)
            UPDATE \(unescaped: records) AS r SET fields = r.fields || m.arrays, \
                field_versions = r.field_versions || m.versions, seq = nextval('storesync_seq')
            FROM m WHERE r.record_name = m.record_name \
                AND (r.record_name = ANY(\(touched)::uuid[]) \
                    OR EXISTS (SELECT 1 FROM jsonb_each(m.arrays) AS a WHERE r.fields -> a.key IS DISTINCT FROM a.value))
            RETURNING r.record_name, r.seq
            """)
        var changed: [(UUID, Int64)] = []
        for row in rows { changed.append(try RemoteSchema.decode((UUID, Int64).self, row, remote)) }
        return changed
    }

    /// One add or removal of one tagged add.
    private typealias Element = (record: UUID, field: String, target: String, tag: String)

    private func adds(of changes: [LinkChange]) -> [Element] {
        changes.flatMap { change in change.tagsAdded.map { (change.record, change.field, $0.target, $0.tag) } }
    }

    private func removals(of changes: [LinkChange]) -> [Element] {
        changes.flatMap { change in
            change.removed.flatMap { target, tags in tags.map { (change.record, change.field, target, $0) } }
        }
    }

    /// Writes adds (kept as they are when there: an add removed since stays removed), or
    /// marks adds removed, for the live records.
    private func write(_ elements: [Element], removed: Bool) async throws(SyncError) {
        guard !elements.isEmpty else { return }
        try await remote.query(
            """
            INSERT INTO \(unescaped: table) AS l (record_name, field, target, added, removed)
            SELECT u.*, \(removed) FROM unnest(\(elements.map(\.record))::uuid[], \(elements.map(\.field))::text[], \
                \(elements.map(\.target))::text[], \(elements.map(\.tag))::text[]) AS u(record_name, field, target, added)
            WHERE EXISTS (SELECT 1 FROM \(unescaped: records) AS r WHERE r.record_name = u.record_name AND NOT r.deleted)
            ON CONFLICT (record_name, field, target, added) DO UPDATE SET removed = l.removed OR excluded.removed
            """)
    }

    /// The adds in the sets of the live records received whose entities have to-many
    /// fields, as ``elements(of:)`` gives them.
    func elements(of received: [SyncRecord], codecs: [String: EntityCodec]) async throws(SyncError)
        -> [UUID: [String: [String: [String]]]]
    {
        try await elements(
            of: received.filter { record in
                !record.isDeleted && codecs[record.entity]?.links.contains(where: \.isToMany) == true
            }.map(\.recordName))
    }

    /// The adds not removed in the sets of these records, by tag: record name → field →
    /// target → tags.
    func elements(of names: [UUID]) async throws(SyncError) -> [UUID: [String: [String: [String]]]] {
        guard !names.isEmpty else { return [:] }
        var elements: [UUID: [String: [String: [String]]]] = [:]
        let rows = try await remote.query(
            """
            SELECT record_name, field, target, added FROM \(unescaped: table)
            WHERE record_name = ANY(\(names)::uuid[]) AND NOT removed ORDER BY added COLLATE "C"
            """)
        for row in rows {
            let (name, field, target, added) = try RemoteSchema.decode(
                (UUID, String, String, String).self, row, remote)
            elements[name, default: [:]][field, default: [:]][target, default: []].append(added)
        }
        return elements
    }
}
