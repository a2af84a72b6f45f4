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

    /// Pulls and applies the records a page at a time (``pullPageSize``), each
    /// page in one local transaction with the cursor after it: a pull holds one page in
    /// memory, and a pull of one page (the usual case) is one transaction. A pull cut off
    /// between pages goes on from the last page applied at the next sync. Returns what
    /// applying did and the cursor after it.
    func pull(
        _ pull: Pull, into store: SyncedStore, codecs: [String: EntityCodec], records: RemoteRecords, device: UUID
    ) async throws(SyncError) -> (outcome: IncomingChanges.Outcome, cursor: Int64) {
        var outcome = IncomingChanges.Outcome()
        var after = pull.after
        var pages = 0
        while true {
            let isFirst = pages == 0
            let page = try await records.page(after: after, skipping: pull.skipping, limit: pullPageSize)
            let isLast = page.count < pullPageSize
            let received = (isFirst ? pull.refetched : []) + page
            let cursor = isLast ? max(pull.floor, after, page.last?.sequence ?? 0) : page.last?.sequence ?? after
            let incoming = IncomingChanges(
                records: received, cursor: cursor, liveNames: isFirst ? pull.liveNames : nil,
                linkElements: try await records.links.elements(of: received, codecs: codecs),
                deletesEditedModels: pull.deletesEditedModels)
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
