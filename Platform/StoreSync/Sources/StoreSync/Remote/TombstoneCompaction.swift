import Foundation
import PostgresNIO

/// Removes the tombstones of a store that every device syncing it has pulled, so that the
/// server does not keep a row for every record ever deleted.
///
/// Each sync notes its device's cursor once its pull is applied. Tombstones at or below
/// the lowest cursor of the devices seen within the retention go, once their deletions are
/// older than the retention (by the time of their versions): a store that joins the server
/// later with models of its own (one moving from another server, or syncing with one that
/// went back in time) still finds the deletions of its models made within the retention.
/// The highest sequence number removed is the store's *horizon*. A device whose cursor is
/// below the horizon (one that had not synced for longer than the retention, or a store
/// restored from an older backup) may have missed a deletion: its pull starts from the
/// beginning, and its models whose records are no longer on the server are deleted
/// (``IncomingChanges``).
struct TombstoneCompaction {
    let remote: RemoteConnection
    let store: String
    let table: String

    /// How long a device that stopped syncing holds tombstones back. One that returns
    /// later catches up by a full pull.
    static let defaultRetention: Duration = .seconds(90 * 24 * 3600)

    /// The highest sequence number of a tombstone removed; 0 when none was.
    func horizon() async throws(SyncError) -> Int64 {
        let rows = try await remote.query("SELECT horizon FROM storesync_compactions WHERE store = \(store)")
        guard let row = rows.first else { return 0 }
        return try RemoteSchema.decode(Int64.self, row, remote)
    }

    /// What the server notes of a device: how far it had pulled at its last sync
    /// (``cursor``, which a sync also registers before its push, and which a second process
    /// syncing the same store may lower for a while), and the highest cursor a pull of it
    /// announced before applying a page (or noted once it was applied), or sequence number
    /// a push of it was given (``noted``, which never goes down, but when the server went
    /// back in time: ``SyncState/notedCursor``).
    struct DeviceNote {
        let cursor: Int64
        let noted: Int64
    }

    /// What the server notes of `device`; nil when it has not synced the store there.
    func note(of device: UUID) async throws(SyncError) -> DeviceNote? {
        let rows = try await remote.query(
            "SELECT cursor, noted FROM storesync_devices WHERE store = \(store) AND device = \(device)")
        guard let row = rows.first else { return nil }
        let (cursor, noted) = try RemoteSchema.decode((Int64, Int64).self, row, remote)
        return DeviceNote(cursor: cursor, noted: noted)
    }

    /// Notes `device` among the devices syncing the store, with how far it has pulled.
    ///
    /// A sync does this before its push too: a record the push sends may be deleted by
    /// another machine before this device pulls the deletion (its sync cut off after the
    /// push, say), and the next push sends it again at the same version. The deletion's
    /// tombstone must still be there to win over it, so it must not be compacted while this
    /// device, once it has pushed, has not pulled it.
    func register(device: UUID, cursor: Int64) async throws(SyncError) {
        try await remote.query(
            """
            INSERT INTO storesync_devices (store, device, cursor, seen_at) VALUES (\(store), \(device), \(cursor), now()) \
            ON CONFLICT (store, device) DO UPDATE SET cursor = excluded.cursor, seen_at = excluded.seen_at
            """)
    }

    /// Raises the server's note of `device` (``DeviceNote/noted``) to `cursor`, the cursor
    /// after a page a pull is about to apply; `pulled` is the device's cursor before it, noted
    /// as its ``DeviceNote/cursor`` when the server did not know the device yet.
    func announce(device: UUID, cursor: Int64, pulled: Int64) async throws(SyncError) {
        try await remote.query(
            """
            INSERT INTO storesync_devices (store, device, cursor, seen_at, noted) \
            VALUES (\(store), \(device), \(pulled), now(), \(cursor)) \
            ON CONFLICT (store, device) DO UPDATE SET noted = greatest(storesync_devices.noted, excluded.noted)
            """)
    }

    /// Notes how far `device` has pulled, then removes the tombstones older than `retention`
    /// (at the server's time, or `clockAhead` later) that every device seen within
    /// `retention` has pulled, in one transaction.
    ///
    /// The transaction locks the records table, as its removal does, before the device's
    /// row: a push locks them in that order (``RemoteRecords/push(_:linkChanges:by:)``), and
    /// a push of the same device in another process (two processes syncing one store) would
    /// otherwise wait for this row while this waits for its table (a deadlock, 40P01).
    func note(device: UUID, cursor: Int64, retention: Duration, clockAhead: Duration = .zero)
        async throws(SyncError)
    {
        let seconds = Double(retention.components.seconds)
        let ahead = Double(clockAhead.components.seconds)
        try await remote.transaction { () async throws(SyncError) in
            try await remote.query(PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ROW EXCLUSIVE MODE"))
            try await remote.query(
                """
                INSERT INTO storesync_devices (store, device, cursor, seen_at, noted) \
                VALUES (\(store), \(device), \(cursor), now(), \(cursor)) \
                ON CONFLICT (store, device) DO UPDATE SET cursor = excluded.cursor, seen_at = excluded.seen_at, \
                noted = greatest(storesync_devices.noted, excluded.noted)
                """)
            try await remote.query(
                PostgresQuery(
                    unsafeSQL: """
                        WITH gone AS (DELETE FROM \(table) WHERE deleted AND seq <= (SELECT min(cursor) \
                        FROM storesync_devices WHERE store = $1 AND seen_at > now() - make_interval(secs => $2)) \
                        AND version_wall < floor(extract(epoch FROM now()) * 1000) + ($3 - $2) * 1000 \
                        RETURNING seq) \
                        INSERT INTO storesync_compactions (store, horizon) SELECT $1, max(seq) FROM gone \
                        HAVING count(*) > 0 \
                        ON CONFLICT (store) DO UPDATE \
                        SET horizon = greatest(storesync_compactions.horizon, excluded.horizon)
                        """, binds: Self.binds(store, seconds, ahead)))
        }
    }

    private static func binds(_ store: String, _ seconds: Double, _ ahead: Double) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(store)
        binds.append(seconds)
        binds.append(ahead)
        return binds
    }
}
