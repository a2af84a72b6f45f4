import Logging
import PostgresNIO

/// The store's statements and transactions on a pooled connection, which fail once the
/// connection is closed instead of waiting for ever.
///
/// postgres-nio hands a query to a connection's channel without a promise for the write: on
/// a channel already closed (the server restarted, the network went), the write fails and
/// the query's own promise is never completed, so its `await` never returns. A transaction
/// whose statement failed that way would then wait in its `ROLLBACK` for ever. The store
/// asks before each statement whether the connection is closed, and a transaction rolls
/// back only on a connection still open (the server rolls back a transaction whose
/// connection ended). A connection that closes between the check and the write still leaves
/// that statement waiting: a window of the event loop's turn, which the check narrows and
/// does not close.
extension PostgresConnection {
    /// Runs `query`; its rows.
    ///
    /// - Throws: ``PostgresStoreError/server(message:)`` when the connection is closed; what
    ///   the server or the network throws.
    @discardableResult
    func statement(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        guard !isClosed else { throw PostgresStoreError.server(message: "the connection to the server was closed") }
        return try await self.query(query, logger: logger)
    }

    /// Runs `body` in a transaction: committed when it returns, unless `rollsBack` (a dry
    /// run, whose changes are never kept), and rolled back when it throws. Inside a
    /// transaction already open (`nested`: a migration's), a savepoint plays its part.
    ///
    /// - Throws: What `body`, `BEGIN`, `COMMIT` or `ROLLBACK` throw. A `COMMIT` that fails
    ///   because the connection went may or may not have been applied by the server.
    func inTransaction<Result>(
        logger: Logger, rollsBack: Bool = false, nested: Bool = false, _ body: () async throws -> Result
    ) async throws -> Result {
        let (begin, commit, rollback) =
            nested
            ? (
                "SAVEPOINT openswiftdata_save", "RELEASE SAVEPOINT openswiftdata_save",
                "ROLLBACK TO SAVEPOINT openswiftdata_save"
            )
            : ("BEGIN", "COMMIT", "ROLLBACK")
        try await statement(PostgresQuery(unsafeSQL: begin), logger: logger)
        let value: Result
        do {
            value = try await body()
        } catch {
            if !isClosed { _ = try? await statement(PostgresQuery(unsafeSQL: rollback), logger: logger) }
            throw error
        }
        try await statement(PostgresQuery(unsafeSQL: rollsBack ? rollback : commit), logger: logger)
        return value
    }
}
