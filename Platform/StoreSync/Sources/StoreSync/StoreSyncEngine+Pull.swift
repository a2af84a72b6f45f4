import Foundation

extension StoreSyncEngine {
    /// What a pull fetches and applies.
    struct Pull {
        /// The records written after this sequence number are pulled.
        var after: Int64
        /// The sequence numbers of this sync's push, which the store has.
        var skipping: ClosedRange<Int64>? = nil
        /// The store's cursor once every page is applied is at least this (the end of this
        /// sync's push).
        var floor: Int64 = 0
        /// Records fetched by name (kept over this store's push, or set aside by an earlier
        /// pull), applied with the first page.
        var refetched: [SyncRecord] = []
        /// The names noted for refetching, forgotten with the first page.
        var refetchedNames: Set<UUID> = []
        /// After a pull from the start: the names of the records still live
        /// (``IncomingChanges/liveNames``), acted on with the first page.
        var liveNames: Set<UUID>? = nil
        /// ``IncomingChanges/deletesEditedModels``.
        var deletesEditedModels = false
    }

    /// Tells the server that the store's device has pulled up to `cursor` before the page
    /// that takes its cursor there is applied, and notes here that it did
    /// (``SyncState/announcedCursor``); the page's transaction then notes the cursor as noted
    /// there (``SyncState/notedCursor``). Were the server to go back in time to before this,
    /// its note of the device would be below the store's, and the store would know: once the
    /// server's numbers have passed the store's cursor again, nothing else tells (a pull
    /// applied whose sync was cut off before its note, then the server restored, would
    /// otherwise leave the records written since below the cursor, never pulled).
    func announce(_ cursor: Int64, of store: SyncedStore, device: UUID, compaction: TombstoneCompaction)
        async throws(SyncError)
    {
        let state = try await SyncError.onLocalStore(store.name) { try await SyncState.read(of: store) }
        guard cursor > max(state.notedCursor, state.announcedCursor) else { return }
        try await SyncError.onLocalStore(store.name) {
            try await store.container.performSyncTransaction(author: SyncAuthor.name) { _, metadata in
                var state = try SyncState.read(from: metadata)
                state.announcedCursor = max(state.announcedCursor, cursor)
                try state.write(to: metadata)
            }
        }
        try await compaction.announce(device: device, cursor: cursor, pulled: state.cursor)
    }

    /// Pulls and applies the records a page at a time (``pullPageSize``), each
    /// page in one local transaction with the cursor after it: a pull holds one page in
    /// memory, and a pull of one page (the usual case) is one transaction. A pull cut off
    /// between pages goes on from the last page applied at the next sync. Returns what
    /// applying did and the cursor after it.
    func pull(
        _ pull: Pull, into store: SyncedStore, codecs: [String: EntityCodec], records: RemoteRecords, device: UUID
    ) async throws(SyncError) -> (outcome: IncomingChanges.Outcome, cursor: Int64) {
        var outcome = IncomingChanges.Outcome()
        let compaction = TombstoneCompaction(
            remote: records.remote, store: store.name, table: RemoteSchema.recordsTable(store.name))
        var after = pull.after
        var pages = 0
        while true {
            let isFirst = pages == 0
            let page = try await records.page(after: after, skipping: pull.skipping, limit: pullPageSize)
            let isLast = page.count < pullPageSize
            let received = (isFirst ? pull.refetched : []) + page
            let cursor = isLast ? max(pull.floor, after, page.last?.sequence ?? 0) : page.last?.sequence ?? after
            try await announce(cursor, of: store, device: device, compaction: compaction)
            let incoming = IncomingChanges(
                records: received, cursor: cursor, liveNames: isFirst ? pull.liveNames : nil,
                linkElements: try await records.links.elements(of: received, codecs: codecs),
                deletesEditedModels: pull.deletesEditedModels)
            if let beforeApplyingPage {
                do {
                    try await beforeApplyingPage()
                } catch {
                    throw .localStore(store: store.name, reason: "\(error)")
                }
            }
            let applied = try await SyncError.onLocalStore(store.name) {
                try await incoming.apply(
                    to: store, device: device, remote: remote,
                    refetched: isFirst ? pull.refetchedNames : [], finishedAt: Date(),
                    part: IncomingChanges.Part(replacesSetAside: isFirst, endsPull: isLast))
            }
            outcome.add(applied)
            if isLast { return (outcome, cursor) }
            after = cursor
            pages += 1
            if stop == .afterPullPages(pages) { throw .localStore(store: store.name, reason: "stopped for a test") }
        }
    }
}
