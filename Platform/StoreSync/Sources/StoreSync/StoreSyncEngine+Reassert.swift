import Foundation

extension StoreSyncEngine {
    /// Sends every model each store holds to the server again, at a new version, over what
    /// the server holds, then syncs the store as ``sync(_:)`` does: the server and every
    /// machine then hold this store's values and its to-many relationships as it holds them,
    /// and its models deleted elsewhere since come back. Models this store does not hold are
    /// left as they are (those added elsewhere stay, those deleted stay deleted). A store
    /// never synced with this server has nothing to re-assert: its sync sends every model.
    ///
    /// A sync never does this by itself (a store put back from a backup is brought up to
    /// date, and loses to the changes made since). Use it when a person wants a store,
    /// restored or not, to win as it is.
    ///
    /// - Parameter stores: The stores to sync and re-assert, in order.
    /// - Returns: One report per store, with ``StoreSyncReport/reasserted``.
    /// - Throws: What ``sync(_:)`` throws.
    public func reassert(_ stores: [SyncedStore]) async throws(SyncError) -> [StoreSyncReport] {
        for store in stores { try store.validate() }
        let connection = try await RemoteConnection.open(remote, logger: logger)
        return try await sync(stores, on: connection, reasserting: true)
    }

    /// Connects to the server, then syncs and re-asserts the stores `open` returns, as
    /// ``reassert(_:)``; `open` runs only once the server has answered, as in
    /// ``sync(opening:)``.
    ///
    /// - Parameter open: Opens the stores, once the server has answered.
    /// - Returns: One report per store, with ``StoreSyncReport/reasserted``.
    /// - Throws: What `open` throws; otherwise what ``sync(_:)`` throws.
    public func reassert(opening open: () async throws -> [SyncedStore]) async throws -> [StoreSyncReport] {
        let (connection, stores) = try await connect(thenOpening: open)
        return try await sync(stores, on: connection, reasserting: true)
    }

    /// Sends every model of `store` that has a record on this server to it again
    /// (``Reassertion``); returns how many.
    func reassert(_ store: SyncedStore, on connection: RemoteConnection) async throws(SyncError) -> Int {
        let codecs = try EntityCodec.all(for: store)
        let server = try await RemoteSchema.prepare(store: store.name, on: connection)
        let state = try await SyncError.onLocalStore(store.name) { try await SyncState.read(of: store) }
        guard state.server == server else { return 0 }
        let here = try await SyncError.onLocalStore(store.name) {
            try await LocalDigest.read(store: store, whole: true)
        }
        let sent = here.records.sorted { $0.key.uuidString < $1.key.uuidString }.map { ($0.key, $0.value) }
        try await Reassertion(
            store: store, codecs: codecs, records: RemoteRecords(remote: connection, store: store.name)
        )
        .send(sent)
        return sent.count
    }
}
