import Foundation
import PostgresNIO

/// The server's side of the digest check (``DigestCheck``): the digests of its live
/// records as ``RecordDigest`` computes them here, over the fields this release knows.
struct RemoteDigest {
    let remote: RemoteConnection
    let table: String

    /// What the check compares with, as one store's release sees its records.
    struct Scope {
        /// The fields of each entity this release knows (attributes and relationship fields):
        /// another field (of a newer release) is not compared.
        let fieldsByEntity: [String: [String]]
        /// The records written up to this sequence number (the store's cursor); those
        /// written since are another sync's.
        let cursor: Int64
        /// Records left out (changed here since the push, set aside, fetched again).
        let excluded: Set<UUID>
        /// The part compared: the records whose names' first byte is in this range.
        let bytes: Range<Int>

        /// The lowest and highest record names of the part.
        var names: (lowest: UUID, highest: UUID) {
            func name(first: Int, rest: UInt8) -> UUID {
                let byte = UInt8(clamping: first)
                return UUID(
                    uuid: (
                        byte, rest, rest, rest, rest, rest, rest, rest, rest, rest, rest, rest, rest, rest, rest, rest
                    ))
            }
            return (name(first: bytes.lowerBound, rest: 0), name(first: bytes.upperBound - 1, rest: 0xFF))
        }
    }

    /// The buckets of the live records of the part at the cursor, and the names of the
    /// records written after it (which this store is to leave out too): read in one statement, so that both
    /// come from one snapshot of the table.
    func buckets(_ scope: Scope) async throws(SyncError) -> (buckets: [String: RecordDigest.Bucket], later: Set<UUID>) {
        let rows = try await remote.query(
            digests(scope, buckets: nil) { digests in
                """
                SELECT 'bucket', left(record_name::text, 2), count(*), \
                    md5(string_agg(record_name::text || ':' || digest, ',' ORDER BY record_name)) FROM \(digests) GROUP BY 2 \
                UNION ALL SELECT 'later', record_name::text, 0, '' FROM \(table) WHERE seq > \(scope.cursor)
                """
            })
        var buckets: [String: RecordDigest.Bucket] = [:]
        var later = Set<UUID>()
        for row in rows {
            let (kind, key, count, digest) = try RemoteSchema.decode((String, String, Int64, String).self, row, remote)
            if kind == "later" {
                if let name = UUID(uuidString: key) { later.insert(name) }
            } else {
                buckets[key] = RecordDigest.Bucket(count: Int(count), digest: digest)
            }
        }
        return (buckets, later)
    }

    /// The digest of each live record at the cursor in these buckets, by name.
    func records(_ scope: Scope, inBuckets buckets: [String]) async throws(SyncError) -> [UUID: String] {
        guard !buckets.isEmpty else { return [:] }
        let rows = try await remote.query(
            digests(scope, buckets: buckets) { digests in "SELECT record_name, digest FROM \(digests)" })
        var records: [UUID: String] = [:]
        for row in rows {
            let (name, digest) = try RemoteSchema.decode((UUID, String).self, row, remote)
            records[name] = digest
        }
        return records
    }

    /// A query over `d(record_name, digest)`: the digest of each live record of a known
    /// entity at the cursor, not excluded, in `buckets` when given. Each field a record
    /// carries that its entity knows goes in, as `jsonb` prints it, sorted by name bytewise.
    private func digests(_ scope: Scope, buckets: [String]?, select: (String) -> String) -> PostgresQuery {
        let pairs = scope.fieldsByEntity.flatMap { entity, fields in fields.map { (entity, $0) } }
        let entities = pairs.map(\.0)
        let keys = pairs.map(\.1)
        let known = Array(scope.fieldsByEntity.keys)
        let excluded = Array(scope.excluded)
        let (lowest, highest) = scope.names
        var query: PostgresQuery = """
            WITH k AS (SELECT * FROM unnest(\(entities)::text[], \(keys)::text[]) AS k(entity, key)),
            d AS (SELECT r.record_name, md5(r.entity || coalesce((SELECT string_agg('|' || f.key || '=' || f.value::text, '' \
                    ORDER BY f.key COLLATE "C") FROM jsonb_each(\(unescaped: RemoteRecords.fieldsObject("r.fields"))) AS f JOIN k ON k.entity = r.entity AND k.key = f.key), '')) \
                    AS digest
                FROM \(unescaped: table) AS r
                WHERE r.record_name BETWEEN \(lowest) AND \(highest) \
                    AND NOT r.deleted AND r.seq <= \(scope.cursor) AND r.entity = ANY(\(known)::text[]) \
                    AND NOT (r.record_name = ANY(\(excluded)::uuid[])) \
                    AND (\(buckets == nil) OR left(r.record_name::text, 2) = ANY(\(buckets ?? [])::text[])))
            """
        query.sql += " " + select("d")
        return query
    }
}
