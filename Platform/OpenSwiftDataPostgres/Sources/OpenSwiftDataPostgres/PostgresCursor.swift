import Logging
import OpenSwiftData
import PostgresNIO
import StoreSync
import Synchronization

/// A fetch read a batch at a time through a server-side cursor (`DECLARE … CURSOR`, then
/// `FETCH n`), on a connection of its own, in a transaction that reads one state of the
/// database from the first batch to the last: `ModelContext.enumerate` holds one batch of
/// models at a time, and sees no save committed meanwhile. The connection is not the pool's:
/// the context runs its block between batches, and may fetch and save through the pool then.
final class PostgresCursor: DataStoreBatches {
    private let connection: PostgresConnection
    private let thread: PostgresThread
    private let logger: Logger
    private let columns: PostgresRows.SnapshotColumns
    private let batchSize: Int
    /// Whether the cursor's transaction is still open.
    private let isOpen = Mutex(true)

    /// Opens the cursor of `query` on a new connection to `remote`, run on `thread`.
    ///
    /// - Throws: What connecting or the server throws.
    init(
        _ query: PostgresFetchQuery, tables: PostgresTables, store: String, remote: SyncRemote, thread: PostgresThread,
        logger: Logger, batchSize: Int
    ) throws {
        let columns = PostgresRows.SnapshotColumns(query, tables: tables, store: store)
        self.columns = columns
        self.thread = thread
        self.logger = logger
        self.batchSize = batchSize
        connection = try thread.wait {
            let connection = try await remote.connect(logger: logger)
            do {
                try await connection.statement("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                var declare = columns.select
                declare.sql = "DECLARE openswiftdata_batches NO SCROLL CURSOR FOR " + declare.sql
                try await connection.statement(declare, logger: logger)
                return connection
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }

    deinit {
        close()
    }

    func next() throws -> [DefaultSnapshot] {
        guard isOpen.withLock({ $0 }) else { return [] }
        let (connection, logger, columns, batchSize) = (connection, logger, columns, batchSize)
        let batch: [DefaultSnapshot]
        do {
            batch = try thread.wait {
                var snapshots: [DefaultSnapshot] = []
                snapshots.reserveCapacity(batchSize)
                let rows = try await connection.statement(
                    PostgresQuery(unsafeSQL: "FETCH \(batchSize) FROM openswiftdata_batches"), logger: logger)
                for try await row in rows { snapshots.append(try columns.snapshot(of: row)) }
                return snapshots
            }
        } catch {
            close()
            throw error
        }
        if batch.count < batchSize { close() }
        return batch
    }

    func close() {
        let wasOpen = isOpen.withLock { open in
            let was = open
            open = false
            return was
        }
        guard wasOpen else { return }
        let connection = connection
        // The server ends the transaction, and the cursor, with the connection.
        _ = try? thread.wait { try await connection.close() }
    }
}

extension PostgresStore: DataStoreBatchedFetching {
    /// A fetch's snapshots a batch at a time, through a server-side cursor
    /// (``PostgresCursor``).
    ///
    /// - Parameters:
    ///   - request: The descriptor, and the context that fetches.
    ///   - batchSize: The most snapshots of one batch.
    /// - Throws: `DataStoreError.preferInMemoryFilter` or `.preferInMemorySort` as
    ///   ``fetch(_:)`` does; ``PostgresStoreError`` when the server fails.
    package func batches<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, batchSize: Int) throws
        -> any DataStoreBatches
    {
        let query = try self.query(request.descriptor)
        // A custom stage's reads see the migration's transaction only: its connection.
        if migrationSession != nil { throw DataStoreError.preferInMemoryFilter }
        do {
            return try PostgresCursor(
                query, tables: tables, store: identifier, remote: remote, thread: thread, logger: logger,
                batchSize: max(1, batchSize))
        } catch {
            throw Self.reported(error, remote: remote)
        }
    }
}
