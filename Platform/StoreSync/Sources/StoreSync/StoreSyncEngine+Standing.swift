import Foundation

/// Where a store stands against the server, read before a sync sends anything.
struct SyncStanding {
    /// The store's device, when the store has pulled less than its device had at its
    /// last sync noted on the server, or holds less than its device pushed since: a backup
    /// put back, or a copy of a data folder whose original synced since. It then syncs as a
    /// new device.
    var behindDevice: UUID?
    /// Whether the store has pulled less than the tombstones the server removed (it was
    /// away longer than the retention, or it is an older backup put back): deletions it
    /// has not pulled may be gone from the server, so it pulls every record before it
    /// pushes, lest its edits of those records bring them back.
    var behindHorizon = false
    /// The server's compaction horizon, read once per sync: no tombstone above this store's
    /// cursor is removed while it syncs (its device is noted before its push). Nil for a
    /// server the store did not sync with before.
    var horizon: Int64?
    /// Why the server is taken for one that went back in time (restored from an older copy
    /// of its database: a dump, a snapshot, a point-in-time recovery), which lost what was
    /// written since; nil for one that did not. The store then syncs with it as with a new
    /// server: it sends every model at the versions its fields were written, and the
    /// deletions it saw, so that the server keeps the later write of each; then it pulls
    /// every record.
    var rewound: String?
}

extension StoreSyncEngine {
    /// Where `store` stands against the server (`server` is its identity), once the server
    /// is known to be the one it last synced with.
    ///
    /// A server restored from an older copy of its database (a dump, a snapshot, a
    /// point-in-time recovery) has lost what was written since: its sequence may be below
    /// the store's cursor, and in any case its note of the store's device is below the one
    /// the store made at its last sync (``SyncState/notedCursor``), however many numbers
    /// other devices took since (``SyncStanding/rewound``). Syncing on from the store's
    /// cursor would let the server's older values and deletions win over the changes made
    /// since, and leave this store's pushed changes on no row.
    func standing(
        of store: SyncedStore, server: UUID, records: RemoteRecords, compaction: TombstoneCompaction,
        on connection: RemoteConnection
    ) async throws(SyncError) -> SyncStanding {
        let state = try await SyncError.onLocalStore(store.name) { try await SyncState.read(of: store) }
        guard state.server == server, let device = state.device else { return SyncStanding() }
        let lastSequence = try await records.lastSequence()
        if state.rejoining {
            return SyncStanding(rewound: "a sync that sent every model to it, as to a new server, was cut off")
        }
        let note = try await compaction.note(of: device)
        if state.cursor > lastSequence {
            return SyncStanding(
                rewound:
                    "the store has pulled up to sequence number \(state.cursor), and the server's last is \(lastSequence)"
            )
        }
        if state.notedCursor > (note?.noted ?? 0) {
            let found = note.map { "\($0.noted)" } ?? "nothing"
            return SyncStanding(
                rewound: "the store's device had pulled or pushed up to sequence number \(state.notedCursor) there, "
                    + "and the server's note of it says \(found)")
        }
        var standing = SyncStanding()
        if let note {
            // Read again once the server answered: another process syncing this store notes a
            // cursor on the server only after its pull is applied here, so this one is at least
            // as far, unless the store is behind. A push raises the note in its own
            // transaction, and the store notes it with the push, unless the push is still in
            // flight here (or was cut off before it was noted): a note above both says the
            // device pushed what this store does not hold.
            let now = try await SyncError.onLocalStore(store.name) { try await SyncState.read(of: store) }
            if note.cursor > now.cursor
                || (note.noted > max(now.cursor, now.notedCursor, now.announcedCursor) && !now.pushing)
            {
                standing.behindDevice = device
            }
        }
        let horizon = try await compaction.horizon()
        try Self.checkHorizon(horizon, below: lastSequence, on: connection)
        standing.horizon = horizon
        // A store that never pushed to this server has nothing of it to bring back.
        standing.behindHorizon = state.pushedTransaction != nil && state.cursor < horizon
        return standing
    }

    /// Throws when the server's compaction horizon is beyond the last sequence number it
    /// gave: no tombstone has a number the server never gave, and a full pull on this
    /// horizon would delete every model whose record the server lacks.
    static func checkHorizon(_ horizon: Int64, below lastSequence: Int64, on connection: RemoteConnection)
        throws(SyncError)
    {
        guard horizon > lastSequence else { return }
        throw .server(
            remote: connection.remote.description,
            message:
                "its compaction horizon (\(horizon)) is beyond the last sequence number it gave; nothing was deleted")
    }

    /// Brings a store behind the compaction horizon up to date before its push: every
    /// record is pulled, and the models whose records the server no longer has are deleted,
    /// those edited here since the last push included (they were deleted on another machine,
    /// and the tombstone that would have said which write came last is gone): only the
    /// models added here since stay, to be pushed. Returns what applying did.
    func catchUp(
        _ store: SyncedStore, codecs: [String: EntityCodec], records: RemoteRecords, device: UUID
    ) async throws(SyncError) -> IncomingChanges.Outcome {
        let liveNames = try await records.liveNames()
        logger.notice(
            "\(store.name): behind the tombstones the server removed: every record pulled before the push",
            metadata: ["store": "\(store.name)"])
        return try await pull(
            Pull(after: 0, liveNames: liveNames, deletesEditedModels: true), into: store, codecs: codecs,
            records: records, device: device
        ).outcome
    }
}
