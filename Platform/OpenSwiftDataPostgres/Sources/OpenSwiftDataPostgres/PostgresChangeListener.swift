import Foundation
import Logging
import PostgresNIO
import StoreSync
import Synchronization

/// Listens on a store's channel (PostgreSQL's `LISTEN`) on a connection of its own, and hands
/// on each notice other store instances' saves send (``PostgresChangeNotice``). When the
/// connection fails it connects again after 1 s, doubling up to 30 s while it keeps failing
/// (StoreSync's watch waits as long).
/// Saves committed while it is not connected are not told again: a context sees them at its
/// next fetch.
final class PostgresChangeListener: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var connection: PostgresConnection?
        var stopped = false
    }

    private let state = Mutex(State())

    /// Starts listening, unless it has started or stopped.
    ///
    /// - Parameters:
    ///   - remote: The server and database.
    ///   - namespace: The store's PostgreSQL schema, whose channel it listens on.
    ///   - logger: Where failures to connect are logged.
    ///   - onNotice: Called with each notice, in the order the server delivers them.
    func start(
        remote: SyncRemote, namespace: String, logger: Logger,
        onNotice: @escaping @Sendable (PostgresChangeNotice) -> Void
    ) {
        state.withLock { state in
            guard state.task == nil, !state.stopped else { return }
            // Not on the store's thread: nothing waits on this task, and it outlives the
            // thread's last job when the store goes.
            state.task = Task.detached { [self] in
                await listen(remote: remote, namespace: namespace, logger: logger, onNotice: onNotice)
            }
        }
    }

    /// Stops listening: the task is cancelled and its connection closed.
    func stop() {
        let (task, connection) = state.withLock { state in
            state.stopped = true
            return (state.task, state.connection)
        }
        task?.cancel()
        // postgres-nio may leave a `LISTEN` unanswered as its connection drops: closing the
        // connection ends the wait for notifications whatever the task awaits. The closure
        // keeps the connection until it is closed: released while open, it would trap in
        // postgres-nio's debug builds, and leave its socket open in release ones.
        if let connection { connection.close().whenComplete { _ in _ = connection } }
    }

    private func listen(
        remote: SyncRemote, namespace: String, logger: Logger,
        onNotice: @escaping @Sendable (PostgresChangeNotice) -> Void
    ) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let connection = try await remote.connect(logger: logger)
                let isStopped = state.withLock { state in
                    state.connection = connection
                    return state.stopped
                }
                if !isStopped, await relay(on: connection, namespace: namespace, logger: logger, onNotice: onNotice) {
                    failures = 0
                }
                // Closed on every way out, before another connection takes its place.
                try? await connection.close()
                if isStopped { return }
            } catch {
                logger.debug("connecting to listen for other processes' saves failed: \(error)")
            }
            if Task.isCancelled { return }
            failures += 1
            do {
                try await Task.sleep(for: StoreSyncEngine.retryDelay(afterFailures: failures))
            } catch {
                return
            }
        }
    }

    /// Listens on the namespace's channel on `connection` and hands on each notice, until the
    /// connection closes or fails.
    ///
    /// - Returns: Whether the channel was listened to: the retries after a failure that comes
    ///   later start again from the shortest delay.
    private func relay(
        on connection: PostgresConnection, namespace: String, logger: Logger,
        onNotice: @escaping @Sendable (PostgresChangeNotice) -> Void
    ) async -> Bool {
        var listened = false
        do {
            let rows = try await connection.statement(
                PostgresChangeNotice.channelQuery(namespace: namespace), logger: logger)
            var channel = ""
            for try await name in rows.decode(String.self) { channel = name }
            try await connection.listen(on: channel) { notifications in
                listened = true
                for try await notification in notifications {
                    guard let notice = PostgresChangeNotice(payload: notification.payload) else { continue }
                    onNotice(notice)
                }
            }
        } catch {
            logger.debug("listening for other processes' saves failed: \(error)")
        }
        return listened
    }
}
