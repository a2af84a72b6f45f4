import Foundation

/// The steps of one store's sync (``StoreSyncEngine/sync(_:on:)``), in their order: what to
/// send, the push, the pull after it, the push of what the pull's delete rules deleted, and
/// the digest check.
extension StoreSyncEngine {
    /// Reads what the push sends, the store named as `standing` says (a store behind its
    /// device takes a new device and the names its device gave; one that went back in time
    /// sends everything), after the catch-up of a store behind the compaction horizon.
    /// Returns it with the store's device.
    func outgoingChanges(
        of store: SyncedStore, standing: SyncStanding, server: UUID, codecs: [String: EntityCodec],
        records: RemoteRecords, report: inout StoreSyncReport
    ) async throws(SyncError) -> (OutgoingChanges, device: UUID) {
        // The names the device gave models since the store's backup, for the same models here.
        var knownNames: [String: UUID] = [:]
        if let behindDevice = standing.behindDevice {
            knownNames = try await records.names(originatedBy: behindDevice)
        }
        let newDevice = standing.behindDevice.map { _ in UUID() }
        if let rewound = standing.rewound {
            logger.warning(
                "\(store.name): the server went back in time (\(rewound)): every model sent at its versions, with the deletions this store saw, then every record pulled",
                metadata: ["store": "\(store.name)"])
            report.serverWentBack = true
        }
        var outgoing = try await local(store) {
            try await OutgoingChanges.prepare(
                store: store, server: server, remote: remote, newDevice: newDevice,
                knownNames: knownNames, rejoining: standing.rewound != nil)
        }
        guard let device = outgoing.state.device else {
            throw .localStore(store: store.name, reason: "no device identifier was recorded")
        }
        if let behindDevice = standing.behindDevice {
            logger.notice(
                "\(store.name): behind what its device \(behindDevice) had pulled or pushed: a restored backup or a copied data folder, synced as a new device \(device)",
                metadata: ["store": "\(store.name)"])
        }
        if standing.behindHorizon {
            // After the names are given (a restored store names its models as its device
            // did), before anything is sent; then the push is read again, without the
            // models the catch-up deleted.
            let caughtUp = try await catchUp(store, codecs: codecs, records: records, device: device)
            report.receivedUpdates += caughtUp.updated
            report.receivedInsertions += caughtUp.inserted
            report.receivedDeletions += caughtUp.deleted
            outgoing = try await local(store) {
                try await OutgoingChanges.prepare(store: store, server: server, remote: remote)
            }
        }
        return (outgoing, device)
    }

    /// Sends `outgoing`, with the tombstones of the unnamed deletions the server has records
    /// of, and notes in the store what the server took. Returns what the push did and the
    /// store's state once noted.
    func push(
        _ outgoing: OutgoingChanges, of store: SyncedStore, device: UUID, records: RemoteRecords,
        compaction: TombstoneCompaction, report: inout StoreSyncReport
    ) async throws(SyncError) -> (RemoteRecords.PushOutcome, confirmed: SyncState) {
        var outgoing = outgoing
        // Known to the compaction before anything this sync sends (the push, and the push
        // of what the pull's delete rules delete) is on the server.
        try await compaction.register(device: device, cursor: outgoing.state.cursor)
        try await outgoing.addTombstonesOfUnnamedDeletions(from: records)
        let pushed = try await records.push(outgoing.records, linkChanges: outgoing.linkChanges, by: device)
        if stop == .afterPushing { throw .localStore(store: store.name, reason: "stopped for a test") }
        let sent = outgoing
        let confirmed = try await local(store) {
            try await sent.confirm(store: store, pushed: pushed, keepingDeletionsFor: tombstoneRetention)
        }
        if stop == .afterConfirmingPush { throw .localStore(store: store.name, reason: "stopped for a test") }
        if let betweenPushAndPull {
            do {
                try await betweenPushAndPull()
            } catch {
                throw .localStore(store: store.name, reason: "\(error)")
            }
        }
        report.sentDeletions = outgoing.records.count { $0.isDeleted }
        report.sentChanges = outgoing.records.count - report.sentDeletions
        logger.debug(
            "pushed",
            metadata: [
                "store": "\(store.name)", "records": "\(outgoing.records.count)", "accepted": "\(pushed.accepted)",
                "superseded": "\(pushed.superseded.count)",
            ])
        return (pushed, confirmed)
    }

    /// Pulls what was written after the store's cursor (`confirmed`), but this sync's push,
    /// with the records to fetch again whatever their numbers; everything when the store is
    /// below the compaction horizon. Returns what applying did and the cursor after it.
    func pull(
        after confirmed: SyncState, pushed: RemoteRecords.PushOutcome, standing: SyncStanding,
        into store: SyncedStore, codecs: [String: EntityCodec], records: RemoteRecords,
        compaction: TombstoneCompaction, device: UUID
    ) async throws(SyncError) -> (outcome: IncomingChanges.Outcome, cursor: Int64) {
        // The records the server kept over this machine's versions, now or in a sync cut
        // off after its push was noted, are fetched whatever their sequence numbers.
        // So are the records set aside by an earlier pull, which this release could not read.
        let refetched = try await records.current(
            named: confirmed.refetch.union(confirmed.setAside).sorted { $0.uuidString < $1.uuidString })
        var request = Pull(
            after: confirmed.cursor, skipping: pushed.sequenceRange,
            floor: max(confirmed.cursor, pushed.sequenceRange?.upperBound ?? 0), refetched: refetched,
            refetchedNames: confirmed.refetch)
        if standing.behindDevice != nil {
            // A restored backup or a copied data folder: its cursor may be one of a server
            // since put back from an older copy, which gave the numbers it had passed to
            // other writes again. Every record is pulled, as a new device pulls them.
            request.after = 0
        }
        // No tombstone above this store's cursor can go during this sync: its device was
        // noted with a cursor no higher before its push.
        let horizon: Int64
        if let known = standing.horizon { horizon = known } else { horizon = try await compaction.horizon() }
        if confirmed.cursor < horizon {
            // Asked only here, where the horizon is acted on.
            try Self.checkHorizon(horizon, below: try await records.lastSequence(), on: records.remote)
            // Tombstones this store had not pulled may be gone: everything, and which
            // records are still live.
            request.after = 0
            request.liveNames = try await records.liveNames()
        }
        return try await pull(request, into: store, codecs: codecs, records: records, device: device)
    }

    /// Sends what the pull's delete rules deleted, as the deletions that caused it came: no
    /// machine is left holding a child of a deleted parent.
    func pushCascade(
        of store: SyncedStore, server: UUID, device: UUID, records: RemoteRecords, report: inout StoreSyncReport
    ) async throws(SyncError) {
        let cascade = try await local(store) {
            try await OutgoingChanges.prepare(store: store, server: server, remote: remote)
        }
        let pushed = try await records.push(cascade.records, linkChanges: cascade.linkChanges, by: device)
        _ = try await local(store) {
            try await cascade.confirm(store: store, pushed: pushed, keepingDeletionsFor: tombstoneRetention)
        }
        report.sentDeletions += cascade.records.count { $0.isDeleted }
        report.sentChanges += cascade.records.count { !$0.isDeleted }
    }

    /// Compares a part of the store with the server's records by digest, and repairs what
    /// differs (``DigestCheck``); the report says what it compared and repaired.
    func checkDigests(
        of store: SyncedStore, codecs: [String: EntityCodec], records: RemoteRecords,
        compaction: TombstoneCompaction, on connection: RemoteConnection, report: inout StoreSyncReport
    ) async throws(SyncError) {
        let check = try await DigestCheck(
            store: store, codecs: codecs, records: records,
            digests: RemoteDigest(remote: connection, table: RemoteSchema.recordsTable(store.name)),
            compaction: compaction, remote: remote, logger: logger
        ).run()
        report.checked = check.checked
        report.checkedPart = check.part
        report.checkedParts = check.parts
        report.repaired = check.repaired.count
        report.unresolved = check.unresolved.count
    }
}

extension StoreSyncReport {
    /// Adds what the pull applied.
    mutating func note(_ outcome: IncomingChanges.Outcome) {
        receivedUpdates += outcome.updated
        receivedInsertions += outcome.inserted
        receivedDeletions += outcome.deleted
        keptLocal = outcome.keptLocal
        setAside = outcome.setAside.count
    }
}
