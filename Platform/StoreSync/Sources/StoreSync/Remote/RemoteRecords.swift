import Foundation
import PostgresNIO

/// Pushes records to a store's table on the server and pulls them from it.
struct RemoteRecords {
    let remote: RemoteConnection
    /// The store's name on the server.
    let store: String
    let table: String
    /// The elements of the records' to-many fields.
    let links: RemoteLinks

    init(remote: RemoteConnection, store: String) {
        self.remote = remote
        self.store = store
        table = RemoteSchema.recordsTable(store)
        links = RemoteLinks(remote: remote, store: store)
    }

    /// Rows per statement.
    static let batchSize = 2_000

    /// What a push did.
    struct PushOutcome {
        /// The records the server took (newer than what it had).
        var accepted = 0
        /// The names of the records the server kept its own, newer, version of: they are
        /// pulled even if their sequence number is below the cursor, so that this machine
        /// ends with the winner (``SyncState/refetch``).
        var superseded: [UUID] = []
        /// The sequence numbers this push gave, all in one range (pushes of a store are
        /// serialized), which the pull that follows can skip: this machine has them.
        var sequenceRange: ClosedRange<Int64>?
        /// The field versions the server holds, after this push, of the live records it
        /// wrote, and of those it had already at the versions sent (a push repeated after a
        /// crash), by record name, as `jsonb` prints them: what the store notes
        /// (``RecordVersions``).
        var versions: [UUID: String] = [:]
    }

    /// Sends records in one transaction, for `device`. A record replaces the server's only if
    /// its version is newer (last writer wins), field by field; a to-many field changes by its
    /// `linkChanges`, element by element (``RemoteLinks``). Sequence numbers are given under
    /// a lock of the table, so that they are committed in increasing order and a reader
    /// that has seen number N has seen every number below it. The device's note on the
    /// server (``TombstoneCompaction/DeviceNote/noted``) is raised to the last number given,
    /// in the same transaction: a server that loses this push (it goes back in time) shows
    /// a note below the store's.
    func push(_ sent: [SyncRecord], linkChanges: [LinkChange] = [], by device: UUID) async throws(SyncError)
        -> PushOutcome
    {
        let records = Self.onePerName(sent)
        guard !records.isEmpty else { return PushOutcome() }
        return try await remote.transaction { () async throws(SyncError) -> PushOutcome in
            try await remote.query(PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE"))
            try await links.seed(linkChanges)
            var outcome = PushOutcome()
            var acceptedNames = Set<UUID>()
            var merged: [UUID] = []
            var start = 0
            while start < records.count {
                let batch = Array(records[start..<min(start + Self.batchSize, records.count)])
                start += batch.count
                let sent = Dictionary(batch.map { ($0.recordName, $0) }, uniquingKeysWith: { _, last in last })
                let rows = try await remote.query(upsert(batch))
                for row in try await remote.query(stampUnchangedFields(of: batch.map(\.recordName))) {
                    let (name, versions) = try RemoteSchema.decode((UUID, String).self, row, remote)
                    outcome.versions[name] = versions
                }
                for row in rows {
                    let (name, sequence, keptSent, versions) = try RemoteSchema.decode(
                        (UUID, Int64, Bool, String).self, row, remote)
                    acceptedNames.insert(name)
                    if sent[name]?.isDeleted == false, outcome.versions[name] == nil {
                        outcome.versions[name] = versions
                    }
                    // The server's record is not the one sent when it kept some of its own
                    // fields: this machine fetches it (the pull skips this push's numbers).
                    if let record = sent[name], !record.isDeleted, !keptSent {
                        merged.append(name)
                    }
                    let range = outcome.sequenceRange
                    outcome.sequenceRange =
                        min(
                            range?.lowerBound ?? sequence, sequence)...max(
                            range?.upperBound ?? sequence, sequence)
                }
            }
            // The fields whose sets now hold another machine's elements too are fetched back,
            // as are the records whose adds changed where this push wrote no row.
            for (name, sequence) in try await links.apply(
                linkChanges, deleted: records.filter(\.isDeleted).map(\.recordName), written: acceptedNames)
            {
                acceptedNames.insert(name)
                merged.append(name)
                let range = outcome.sequenceRange
                outcome.sequenceRange =
                    min(range?.lowerBound ?? sequence, sequence)...max(range?.upperBound ?? sequence, sequence)
            }
            outcome.accepted = acceptedNames.count
            outcome.superseded = Array(Set(merged))
            // Their versions come with the values the pull fetches back.
            for name in merged { outcome.versions[name] = nil }
            if !acceptedNames.isEmpty {
                // Delivered when the transaction commits, to the devices watching the store.
                try await remote.query(
                    "SELECT pg_notify(\(unescaped: LiveChannel.nameSQL(table: table)), \(device.uuidString))")
            }
            if let last = outcome.sequenceRange?.upperBound {
                try await remote.query(
                    """
                    UPDATE storesync_devices SET noted = greatest(noted, \(last)) \
                    WHERE store = \(store) AND device = \(device)
                    """)
            }
            let refused = records.filter { !acceptedNames.contains($0.recordName) }
            if !refused.isEmpty {
                let pushed = Dictionary(
                    refused.map { ($0.recordName, $0.version) }, uniquingKeysWith: { _, last in last })
                // Refused: the server's version is newer, or the same (a push repeated
                // after a crash), which this machine already has.
                for record in try await current(named: Array(pushed.keys)) {
                    if pushed[record.recordName] != record.version {
                        outcome.superseded.append(record.recordName)
                    } else if !record.isDeleted {
                        outcome.versions[record.recordName] = record.serverFieldVersions
                    }
                }
            }
            return outcome
        }
    }

    /// One record per name, in the order given: of two with one name (a tombstone a
    /// delete rule left, and a model added since under the same domain key), the later
    /// version, and on a tie the live one. PostgreSQL refuses a statement that writes one
    /// row twice (error 21000), and a push that sent both would fail at every sync.
    static func onePerName(_ records: [SyncRecord]) -> [SyncRecord] {
        var kept: [UUID: Int] = [:]
        for (index, record) in records.enumerated() {
            guard let other = kept[record.recordName] else {
                kept[record.recordName] = index
                continue
            }
            let current = records[other]
            if record.version > current.version
                || (record.version == current.version && current.isDeleted && !record.isDeleted)
            {
                kept[record.recordName] = index
            }
        }
        guard kept.count < records.count else { return records }
        return records.indices.filter { kept[records[$0].recordName] == $0 }.map { records[$0] }
    }

    /// Records per page of a pull: a pull holds one page in memory at a time, and applies
    /// it in its own local transaction (``StoreSyncEngine``).
    static let pageSize = batchSize * 5

    /// The first `limit` records written after `cursor`, except the range a push of this
    /// sync gave, in the order of their sequence numbers; fewer when no more are left.
    func page(after cursor: Int64, skipping skipped: ClosedRange<Int64>?, limit: Int = pageSize)
        async throws(SyncError) -> [SyncRecord]
    {
        let skip = skipped ?? 0...0
        return try await select(
            """
            WHERE seq > \(cursor) AND NOT (seq BETWEEN \(skip.lowerBound) AND \(skip.upperBound)) \
            ORDER BY seq LIMIT \(limit)
            """)
    }

    /// The names of the records `device` wrote first, by their models' origins in its
    /// store (``SyncRecord/origin``): what a store put back from a backup named since the
    /// backup, so that it names those models as it did, instead of pushing them again as
    /// new records. Tombstones included (a live record over one of the same origin): a
    /// model deleted elsewhere since takes its record's name, and the deletion, later than
    /// the backup's version of it, wins.
    func names(originatedBy device: UUID) async throws(SyncError) -> [String: UUID] {
        var names: [String: UUID] = [:]
        for row in try await remote.query(
            """
            SELECT origin_key, record_name FROM \(unescaped: table) WHERE origin_device = \(device) \
            ORDER BY deleted DESC
            """)
        {
            let (key, name) = try RemoteSchema.decode((String?, UUID).self, row, remote)
            if let key { names[key] = name }
        }
        return names
    }

    /// The live records first written by one of `devices` with one of these origin keys
    /// (``SyncRecord/origin``): each one's origin device and key, and its name.
    func liveRecords(originatedBy devices: [UUID], keys: [String]) async throws(SyncError)
        -> [(device: UUID, key: String, name: UUID)]
    {
        guard !devices.isEmpty, !keys.isEmpty else { return [] }
        var found: [(device: UUID, key: String, name: UUID)] = []
        for row in try await remote.query(
            """
            SELECT origin_device, origin_key, record_name FROM \(unescaped: table) \
            WHERE origin_device = ANY(\(devices)::uuid[]) AND origin_key = ANY(\(keys)::text[]) AND NOT deleted
            """)
        {
            let (device, key, name) = try RemoteSchema.decode((UUID, String, UUID).self, row, remote)
            found.append((device, key, name))
        }
        return found
    }

    /// The last sequence number the server gave, to any store of the account; 0 before
    /// the first.
    func lastSequence() async throws(SyncError) -> Int64 {
        let rows = try await remote.query(
            "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM storesync_seq")
        guard let row = rows.first else { return 0 }
        return try RemoteSchema.decode(Int64.self, row, remote)
    }

    /// The names of every record that is not a tombstone.
    func liveNames() async throws(SyncError) -> Set<UUID> {
        var names = Set<UUID>()
        for row in try await remote.query(
            PostgresQuery(unsafeSQL: "SELECT record_name FROM \(table) WHERE NOT deleted"))
        {
            names.insert(try RemoteSchema.decode(UUID.self, row, remote))
        }
        return names
    }

    /// The server's records of these names.
    func current(named names: [UUID]) async throws(SyncError) -> [SyncRecord] {
        guard !names.isEmpty else { return [] }
        return try await select("WHERE record_name = ANY(\(names))")
    }

    // MARK: SQL

    private func upsert(_ batch: [SyncRecord]) -> PostgresQuery {
        let names = batch.map(\.recordName)
        let entities = batch.map(\.entity)
        let fields = batch.map(\.fieldsObject)
        let fieldVersions = batch.map(\.fieldVersionsObject)
        let walls = batch.map(\.version.wall)
        let counters = batch.map(\.version.counter)
        let devices = batch.map(\.version.device)
        let deleted = batch.map(\.isDeleted)
        let origins = batch.map { $0.origin ?? "" }
        let originDevices = batch.map { $0.originDevice ?? $0.version.device }
        // Two live records merge per field: each field the push sends replaces the server's
        // when its version is later (a field this release does not know, written by a newer
        // one, stays). A tombstone, or a write over one, is decided by the records'
        // versions: the later wins whole, and a tombstone keeps no fields (a deleted
        // record's values leave the server). The record's version is its latest write.
        // Each row written comes back with its sequence number and whether the server's
        // record holds every field value sent, each equal as JSON (not `@>`, by which an array
        // contains an empty one): when it does not, the server kept some
        // of its own fields, and this machine fetches the record. Values, not versions: a
        // field sent unchanged goes at the lowest version, which the server never keeps
        // (``stampUnchangedFields(of:)``), so equal versions would never say equal values.
        return """
            WITH u AS (SELECT * FROM unnest(\(names)::uuid[], \(entities)::text[], \(fields)::text[], \
                \(fieldVersions)::text[], \(walls)::int8[], \(counters)::int8[], \(devices)::uuid[], \
                \(deleted)::bool[], \(origins)::text[], \(originDevices)::uuid[]) \
                AS u(record_name, entity, fields, field_versions, version_wall, version_counter, device, deleted, origin,
                    origin_device)),
            written AS (
            INSERT INTO \(unescaped: table) AS r (record_name, entity, fields, field_versions, version_wall,
                version_counter, device, deleted, seq, origin_device, origin_key)
            SELECT u.record_name, u.entity, CASE WHEN u.deleted THEN '{}'::jsonb ELSE u.fields::jsonb END,
                CASE WHEN u.deleted THEN '{}'::jsonb ELSE u.field_versions::jsonb END,
                u.version_wall, u.version_counter, u.device, u.deleted, nextval('storesync_seq'),
                CASE WHEN u.origin = '' THEN NULL ELSE u.origin_device END, nullif(u.origin, '')
            FROM u
            ON CONFLICT (record_name) DO UPDATE SET entity = excluded.entity,
                fields = CASE WHEN excluded.deleted THEN '{}'::jsonb WHEN r.deleted THEN excluded.fields
                    ELSE r.fields || (SELECT coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb)
                        FROM jsonb_each(excluded.fields) AS f
                        WHERE (excluded.field_versions ->> f.key) COLLATE "C"
                            > coalesce(r.field_versions ->> f.key, '') COLLATE "C") END,
                field_versions = CASE WHEN excluded.deleted THEN '{}'::jsonb WHEN r.deleted THEN excluded.field_versions
                    ELSE r.field_versions || (SELECT coalesce(jsonb_object_agg(v.key, v.value), '{}'::jsonb)
                        FROM jsonb_each_text(excluded.field_versions) AS v
                        WHERE v.value COLLATE "C" > coalesce(r.field_versions ->> v.key, '') COLLATE "C") END,
                version_wall = CASE WHEN \(unescaped: Self.excludedIsLater) THEN excluded.version_wall
                    ELSE r.version_wall END,
                version_counter = CASE WHEN \(unescaped: Self.excludedIsLater) THEN excluded.version_counter
                    ELSE r.version_counter END,
                device = CASE WHEN \(unescaped: Self.excludedIsLater) THEN excluded.device ELSE r.device END,
                deleted = excluded.deleted, seq = excluded.seq
            WHERE CASE WHEN excluded.deleted OR r.deleted THEN \(unescaped: Self.excludedIsLater)
                ELSE EXISTS (SELECT 1 FROM jsonb_each_text(excluded.field_versions) AS v
                    WHERE v.value COLLATE "C" > coalesce(r.field_versions ->> v.key, '') COLLATE "C") END
            RETURNING r.record_name, r.seq, r.fields, r.field_versions)
            SELECT w.record_name, w.seq, NOT EXISTS (SELECT 1 FROM jsonb_each(u.fields::jsonb) AS f \
                WHERE w.fields -> f.key IS DISTINCT FROM f.value),
                w.field_versions::text
            FROM written AS w JOIN u ON u.record_name = w.record_name
            """
    }

    /// Gives the fields of the records just written that hold the version of a field sent
    /// unchanged (``HybridLogicalClock/unchangedFieldVersion``) the record's own version;
    /// returns the field versions of the records it changed.
    /// Such a field is stored when the push writes a record the server lacks or writes it
    /// again over a tombstone: that write sets every field, and a field left at the lowest
    /// version would rank equal to any other machine's unchanged value of it, so that the
    /// server kept one and told the other it kept its own.
    private func stampUnchangedFields(of names: [UUID]) -> PostgresQuery {
        let unchanged = HybridLogicalClock.unchangedFieldVersion
        return """
            UPDATE \(unescaped: table) SET field_versions = (SELECT jsonb_object_agg(v.key, CASE WHEN v.value = \(unchanged) \
                THEN lpad(to_hex(version_wall), 16, '0') || lpad(to_hex(version_counter), 16, '0') || device::text \
                ELSE v.value END) FROM jsonb_each_text(field_versions) AS v) \
            WHERE record_name = ANY(\(names)) AND NOT deleted \
                AND EXISTS (SELECT 1 FROM jsonb_each_text(field_versions) AS v WHERE v.value = \(unchanged)) \
            RETURNING record_name, field_versions::text
            """
    }

    /// Whether the pushed record's version is later than the server's.
    private static let excludedIsLater =
        "(excluded.version_wall, excluded.version_counter, excluded.device) > (r.version_wall, r.version_counter, r.device)"

    /// `column` where it holds a JSON object, else an empty one: what a query that splits a
    /// record's fields reads, so that a row whose fields are another JSON value (no release
    /// writes one; a broken server or a hand-made row may) fails no query that reads it.
    static func fieldsObject(_ column: String) -> String {
        "CASE jsonb_typeof(\(column)) WHEN 'object' THEN \(column) ELSE '{}'::jsonb END"
    }

    /// Records with their fields split, each field's value as JSON text.
    private func select(_ condition: PostgresQuery) async throws(SyncError) -> [SyncRecord] {
        let fields = Self.fieldsObject("fields")
        var query = PostgresQuery(
            unsafeSQL: """
                SELECT record_name, entity, version_wall, version_counter, device, deleted, seq,
                    ARRAY(SELECT key FROM jsonb_each(\(fields)) ORDER BY key),
                    ARRAY(SELECT value::text FROM jsonb_each(\(fields)) ORDER BY key), field_versions::text,
                    deleted OR jsonb_typeof(fields) = 'object', origin_device, origin_key
                FROM \(table) 
                """)
        query.sql += condition.sql
        query.binds = condition.binds
        var records: [SyncRecord] = []
        for row in try await remote.query(query) {
            do {
                let (
                    name, entity, wall, counter, device, deleted, sequence, keys, values, versions, isObject,
                    originDevice, origin
                ) = try row.decode(
                    (UUID, String, Int64, Int64, UUID, Bool, Int64, [String], [String], String, Bool, UUID?, String?)
                        .self)
                records.append(
                    SyncRecord(
                        recordName: name, entity: entity,
                        fields: Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first }),
                        version: HybridLogicalClock(wall: wall, counter: counter, device: device), isDeleted: deleted,
                        sequence: sequence, origin: origin, originDevice: originDevice, serverFieldVersions: versions,
                        unreadable: isObject ? nil : "its fields are not a JSON object"))
            } catch {
                throw .server(remote: remote.remote.description, message: "unexpected record (\(error))")
            }
        }
        return records
    }
}
