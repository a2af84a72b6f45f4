import Foundation
import OpenSwiftData
import PostgresNIO
import Synchronization

extension StoreSyncEngine {
    /// What a watch reports as it runs.
    public enum WatchEvent: Sendable {
        /// Stores were synced: all of them when the watch connects, then each store after a
        /// change made here or pushed by another machine.
        case synced([StoreSyncReport])
        /// The connection failed or the server went away: the watch connects again after
        /// `retryIn` (1 s, doubling up to 30 s while it keeps failing).
        case disconnected(SyncError, retryIn: Duration)
    }

    /// Keeps the stores in sync until the task that runs it is cancelled, then returns.
    ///
    /// It syncs every store, then listens on the server for the pushes of other machines
    /// (PostgreSQL's `LISTEN`/`NOTIFY`: each push that changes records notifies the
    /// store's channel) and looks at the stores' history every `localPollInterval` for
    /// changes not pushed yet (saved by this process or another), and syncs a store as
    /// soon as either happens, and once when its listening starts (a push between the
    /// first sync and the listening notified no one here). When the connection fails it
    /// connects again with a backoff, and syncs every store again, which brings what it
    /// missed. Each sync is the one ``sync(_:)`` runs, safe to interrupt at any point.
    ///
    /// Throws only what no retry can fix: a store that cannot be synced, a server that
    /// refuses the password, has no such database, is not trusted or has newer tables.
    ///
    /// - Parameters:
    ///   - stores: The stores to keep in sync.
    ///   - localPollInterval: How often the stores' history is looked at for changes not pushed
    ///     yet.
    ///   - onEvent: Called with each sync's reports and each disconnection.
    /// - Throws: ``SyncError`` for what no retry can fix (see above); nothing once the task is
    ///   cancelled.
    public func watch(
        _ stores: [SyncedStore], localPollInterval: Duration = .milliseconds(250),
        onEvent: @escaping @Sendable (WatchEvent) -> Void
    ) async throws(SyncError) {
        for store in stores { try store.validate() }
        var failures = 0
        while !Task.isCancelled {
            do {
                try await watchConnected(
                    stores, localPollInterval: localPollInterval, onEvent: onEvent, connected: { failures = 0 })
            } catch {
                if Task.isCancelled { return }
                guard error.isTransient else { throw error }
                failures += 1
                let delay = Self.retryDelay(afterFailures: failures)
                onEvent(.disconnected(error, retryIn: delay))
                do { try await Task.sleep(for: delay) } catch { return }
            }
        }
    }

    /// The wait before connecting again after `failures` failures in a row.
    package static func retryDelay(afterFailures failures: Int) -> Duration {
        .seconds(min(30, 1 << min(failures - 1, 5)))
    }

    /// One connection's watch: returns when cancelled, throws when the connection fails.
    private func watchConnected(
        _ stores: [SyncedStore], localPollInterval: Duration, onEvent: @escaping @Sendable (WatchEvent) -> Void,
        connected: () -> Void
    ) async throws(SyncError) {
        let connection = try await RemoteConnection.open(remote, logger: logger)
        do {
            // One store's failure leaves the others synced; it then ends this connection's
            // watch, and the next connection tries every store again.
            let round = await syncEach(stores, on: connection)
            onEvent(.synced(round.reports))
            try throwFirst(of: round.failures)
            connected()
            await beforeListening?()
            let devices = try await stores.asyncMap { store throws(SyncError) in try await Self.device(of: store) }
            let channels = try await stores.asyncMap { store throws(SyncError) in
                try await Self.channel(of: store, on: connection)
            }
            try await follow(
                stores, devices: devices, channels: channels, on: connection, localPollInterval: localPollInterval,
                onEvent: onEvent)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }

    /// Syncs each store as its changes come, until cancelled or the connection fails.
    private func follow(
        _ stores: [SyncedStore], devices: [UUID?], channels: [String], on connection: RemoteConnection,
        localPollInterval: Duration, onEvent: @escaping @Sendable (WatchEvent) -> Void
    ) async throws(SyncError) {
        // The positions of the stores that have something to sync, in order.
        let (due, dueContinuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
        // Listening runs outside the task group: postgres-nio may never answer a `LISTEN`
        // sent as the connection drops, and the group would wait for it. A listener that
        // ends closes the connection, which ends the group below.
        let listeners = channels.enumerated().map { position, channel in
            Task {
                try? await connection.connection.listen(on: channel) { notifications in
                    // Listening now: a push since the first sync, which notified no one here,
                    // is brought by one more sync.
                    dueContinuation.yield(position)
                    for try await notification in notifications
                    where UUID(uuidString: notification.payload) != devices[position] {
                        dueContinuation.yield(position)
                    }
                }
                if !Task.isCancelled { try? await connection.connection.close() }
            }
        }
        defer { for listener in listeners { listener.cancel() } }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while true {
                        try await Task.sleep(for: localPollInterval)
                        for (position, store) in stores.enumerated()
                        where try await StoreSyncStatus.read(store).pendingChanges > 0 {
                            dueContinuation.yield(position)
                        }
                    }
                }
                group.addTask {
                    // Ends when the connection closes, or when the watch is cancelled.
                    let (closed, closing) = AsyncStream<Void>.makeStream()
                    connection.connection.closeFuture.whenComplete { _ in closing.finish() }
                    for await _ in closed {}
                    if !Task.isCancelled { throw RemoteConnection.ConnectionClosed() }
                }
                group.addTask {
                    for await position in due {
                        onEvent(.synced([try await sync(stores[position], on: connection)]))
                    }
                }
                // The first task to end ends the watch of this connection: only
                // cancellation ends one without an error.
                try await group.next()
                group.cancelAll()
            }
        } catch let error as SyncError {
            throw error
        } catch {
            if Task.isCancelled { return }
            throw RemoteConnection.failure(error, remote: remote, connecting: false)
        }
    }

    /// The device identifier a store took at its first sync.
    private static func device(of store: SyncedStore) async throws(SyncError) -> UUID? {
        do {
            return try await SyncState.read(of: store).device
        } catch {
            throw .localStore(store: store.name, reason: "\(error)")
        }
    }

    /// The name of a store's notification channel for the connected role.
    private static func channel(of store: SyncedStore, on connection: RemoteConnection) async throws(SyncError)
        -> String
    {
        let table = RemoteSchema.recordsTable(store.name)
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT \(LiveChannel.nameSQL(table: table))"))
        guard let row = rows.first else {
            throw .server(remote: connection.remote.description, message: "no channel name")
        }
        return try RemoteSchema.decode(String.self, row, connection)
    }
}

extension SyncError {
    /// Whether connecting again later may succeed: the server was unreachable or went
    /// away, or the local store was busy.
    var isTransient: Bool {
        switch self {
        case .serverUnreachable, .server, .localStore: true
        case .invalidRemoteURL, .untrustedServer, .authenticationFailed, .databaseMissing, .remoteSchemaNewer,
            .remoteNotOwned, .storeNotSyncable:
            false
        }
    }
}

extension Array {
    /// The results of `transform` on each element, one after another.
    fileprivate func asyncMap<Result>(_ transform: (Element) async throws(SyncError) -> Result)
        async throws(SyncError) -> [Result]
    {
        var results: [Result] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
