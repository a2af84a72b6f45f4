import Foundation
import Logging
import OpenSwiftData
import PostgresNIO
import StoreSync

/// The store of a ``PostgresStoreConfiguration``: a context's models in PostgreSQL tables
/// (`PostgresTables`), read and written through a postgres-nio connection pool
/// (`PostgresClient`) that runs on a thread of the store's own (`PostgresThread`).
///
/// Opening the store creates the PostgreSQL schema and the tables it lacks, and migrates the
/// tables there are to the schema (lightweight changes, through a migration plan's versions),
/// in one transaction, under an advisory lock, so that processes opening it at once change
/// them once.
/// Each save is one transaction. A fetch's predicate, sorts, offset and limit are answered
/// by the server where they translate to SQL exactly (`PostgresFetchQuery`); the rest is
/// left to the context, which filters and sorts in memory.
public final class PostgresStore: DataStore {
    /// Models travel between contexts and the store as OpenSwiftData's snapshots.
    public typealias Snapshot = DefaultSnapshot

    /// The configuration the store was opened with.
    public let configuration: PostgresStoreConfiguration
    /// The configuration's name, and the PostgreSQL schema that holds the tables.
    public let name: String
    /// The models the store holds.
    public let schema: Schema
    /// `postgres://user@host:port/database/name`: the models' `PersistentIdentifier.storeIdentifier`.
    public let identifier: String

    let tables: PostgresTables
    let remote: SyncRemote
    let client: PostgresClient
    let thread: PostgresThread
    let logger: Logger
    /// The pool's `run()`, on ``thread``; cancelled when the store goes.
    private let running: Task<Void, Never>
    /// This instance of the store, as its saves' notices name it (``PostgresChangeNotice``).
    let origin = UUID()
    /// Listens for the saves of the store's other instances, once the container asks.
    let listener = PostgresChangeListener()
    /// The migration whose custom stage opened the store, whose connection it uses; nil for
    /// a store of the pool's connections.
    let migrationSession: PostgresMigrationSession?

    /// Opens the store: connects, and creates the schema and the tables it lacks.
    ///
    /// - Parameters:
    ///   - configuration: The store's configuration; the container has set its schema.
    ///   - migrationPlan: The container's migration plan: the tables go through its versions
    ///   after the one they record, a custom stage's code with them.
    /// - Throws: ``PostgresStoreError`` when the URL or the name cannot be used, the schema
    ///   or the plan holds what this store does not keep yet (a custom stage of tables that
    ///   record no version), or the server cannot be reached or refuses; `SwiftDataError`
    ///   when the tables cannot be migrated to the schema (`refusedChange`, `storeIsNewer`,
    ///   `unknownModelVersion`, `migrationStageFailed`).
    public init(_ configuration: PostgresStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw PostgresStoreError.unsupported("a configuration without a schema outside a container")
        }
        let remote = try configuration.remote
        self.configuration = configuration
        self.migrationSession = configuration.migrationSession
        self.name = configuration.name
        self.schema = schema
        self.identifier = configuration.storeIdentifier(on: remote)
        self.remote = remote
        self.tables = try PostgresTables(schema: schema, namespace: configuration.name)
        let logger = Logger(label: "OpenSwiftDataPostgres")
        self.logger = logger
        let thread = PostgresThread(name: "PostgresStore \(configuration.name)")
        let tables = tables
        let client = PostgresClient(configuration: remote.clientConfiguration, backgroundLogger: logger)
        self.client = client
        // A custom stage's store finds the tables as the migration has left them so far.
        guard migrationSession == nil else {
            self.thread = thread
            running = Task {}
            return
        }
        // On a connection of its own, so that a wrong password, a missing database or an
        // unreachable server fails the container at once, with what went wrong.
        do {
            let (identifier, url) = (identifier, configuration.url)
            _ = try thread.wait {
                try await Self.prepare(
                    tables, schema: schema, plan: migrationPlan, identifier: identifier, url: url, on: remote,
                    logger: logger)
            }
        } catch {
            thread.stop()
            throw error
        }
        self.thread = thread
        running = Task(executorPreference: thread) { await client.run() }
    }

    deinit {
        listener.stop()
        running.cancel()
        // The pool closes its connections as its run ends, which is not waited for here: a
        // container may go on a thread of the cooperative pool, which the end of the run
        // may need (postgres-nio's shutdown schedules work on the global executor).
        let (running, thread) = (running, thread)
        Task.detached {
            await running.value
            thread.stop()
        }
    }

    /// How long a fetch or a save waits for a connection of the pool. The pool waits for as
    /// long as a full server refuses new connections (or a server that went away stays away),
    /// and a context's call would wait with it; the connect timeout StoreSync uses.
    static let connectionWait = SyncRemote.connectTimeout

    /// Runs `body` with a pooled connection on the store's thread, and waits for it; a
    /// failure of the server or the network is thrown as ``PostgresStoreError/server(message:)``,
    /// as is a connection not had within ``connectionWait`` (`body` has then not run).
    @discardableResult
    func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) throws -> Result {
        let (client, logger, remote) = (client, logger, remote)
        if let connection = migrationSession?.connection {
            do {
                return try thread.wait { try await body(connection, logger) }
            } catch {
                throw Self.reported(error, remote: remote)
            }
        }
        do {
            return try thread.wait(admittedWithin: Self.connectionWait) { admission in
                try await client.withConnection { connection in
                    // The caller gave up: it reports a failure, so nothing may be written.
                    guard admission.admit() else { throw CancellationError() }
                    return try await body(connection, logger)
                }
            }
        } catch let notAdmitted as PostgresThread.NotAdmitted {
            throw noConnection(within: notAdmitted.limit)
        } catch {
            throw Self.reported(error, remote: remote)
        }
    }

    /// Why the pool gave no connection within `limit`, as a connection of its own finds it:
    /// the server's refusal (no free connection slot, a server gone), or every connection of
    /// the pool in use by this process.
    private func noConnection(within limit: Duration) -> PostgresStoreError {
        let (remote, logger) = (remote, logger)
        let reason: String
        do {
            try thread.wait {
                let connection = try await remote.connect(logger: logger)
                try? await connection.close()
            }
            let maximum = remote.clientConfiguration.options.maximumConnections
            reason = "the store's \(maximum) connections are all in use"
        } catch {
            switch PostgresStoreError(remote.failure(error, connecting: true)) {
            case .server(let message): reason = message
            case let other: reason = "\(other)"
            }
        }
        return .server(message: "no connection within \(limit.components.seconds) s: \(reason)")
    }

    /// A failure as the store reports it: its own errors, the context's and SwiftData's as
    /// they are, the server's or the network's as ``PostgresStoreError/server(message:)``.
    static func reported(_ error: any Error, remote: SyncRemote) -> any Error {
        switch error {
        case is PostgresStoreError, is DataStoreError, is SwiftDataError: error
        default: PostgresStoreError(remote.failure(error, connecting: false))
        }
    }

    /// As ``withConnection(_:)``, in one transaction: committed when `body` returns, rolled
    /// back when it throws.
    @discardableResult
    func inTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) throws -> Result {
        let nested = migrationSession != nil
        return try withConnection { connection, logger in
            try await connection.inTransaction(logger: logger, nested: nested) { try await body(connection, logger) }
        }
    }

    /// The snapshots of the models a descriptor asks for, read with its predicate, its sorts,
    /// its offset and its limit answered by the server (`PostgresFetchQuery`).
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: `DataStoreError.preferInMemoryFilter` or `DataStoreError.preferInMemorySort`
    ///   for a predicate or a sort that has no exact translation to SQL, which the context
    ///   then applies in memory; ``PostgresStoreError`` when the server fails.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> DataStoreFetchResult<T, DefaultSnapshot>
    {
        let query = try self.query(request.descriptor)
        let (tables, identifier) = (tables, identifier)
        let snapshots = try withConnection { connection, logger in
            try await PostgresRows.snapshots(query, tables: tables, store: identifier, on: connection, logger: logger)
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }

    /// The number of models a descriptor gives, counted by the server.
    ///
    /// - Parameter request: The descriptor, and the context that counts.
    /// - Throws: `DataStoreError.preferInMemoryFilter` for a predicate that has no exact
    ///   translation to SQL (the context then counts what a fetch gives);
    ///   ``PostgresStoreError`` when the server fails.
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        var descriptor = request.descriptor
        // The order does not change a count.
        descriptor.sortBy = []
        let query = try self.query(descriptor)
        let tables = tables
        let matching = try withConnection { connection, logger in
            let rows = try await connection.statement(query.count(from: tables), logger: logger)
            var count: Int64 = 0
            for try await value in rows.decode(Int64.self) { count = value }
            return count
        }
        return query.windowed(Int(matching))
    }

    /// The identifiers of the models a descriptor gives, read by the server.
    ///
    /// - Parameter request: The descriptor, and the context that fetches.
    /// - Throws: `DataStoreError.preferInMemoryFilter` or `DataStoreError.preferInMemorySort`
    ///   as ``fetch(_:)`` does; ``PostgresStoreError`` when the server fails.
    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> [PersistentIdentifier]
    {
        let query = try self.query(request.descriptor)
        let (tables, identifier, entityName) = (tables, identifier, query.layout.entityName)
        // Each row's own entity, where the table holds a hierarchy.
        let entity =
            tables.isHierarchy(entityName) ? PostgresTables.quote(PostgresTables.entityColumn) : "NULL::text"
        return try withConnection { connection, logger in
            let rows = try await connection.statement(
                query.select([PostgresTables.quote(PostgresTables.primaryKey), entity], from: tables), logger: logger)
            var identifiers: [PersistentIdentifier] = []
            for try await (key, own) in rows.decode((Int64, String?).self) {
                identifiers.append(try PostgresRows.identifier(own ?? entityName, key, store: identifier))
            }
            return identifiers
        }
    }

    /// The query of a descriptor of `T`'s entity.
    func query<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> PostgresFetchQuery {
        let entityName = String(describing: T.self)
        guard let layout = tables.layouts[entityName] else {
            throw PostgresStoreError.unsupported("models of \(entityName), which the store's schema does not list")
        }
        return try PostgresFetchQuery(descriptor, layout: layout, tables: tables, storeIdentifier: identifier)
    }

    /// Deletes every model of the store: its tables are emptied, in one transaction that
    /// records the deletion of each model in the store's history, as a save's are.
    ///
    /// - Throws: ``PostgresStoreError`` when the server fails.
    public func erase() throws {
        let (tables, schema) = (tables, schema)
        let names = (tables.roots + tables.joinTables).map(tables.table).joined(separator: ", ")
        guard !names.isEmpty else { return }
        let (erasure, namespace, nested) = (PostgresChangeNotice.erasure(origin: origin), name, migrationSession != nil)
        try withConnection { connection, logger in
            try await connection.inTransaction(logger: logger, nested: nested) {
                try await PostgresHistory.recordErasure(tables: tables, schema: schema, on: connection, logger: logger)
                _ = try await connection.statement(PostgresQuery(unsafeSQL: "TRUNCATE \(names)"), logger: logger)
            }
            if !nested { await connection.send([erasure], namespace: namespace, logger: logger) }
        }
    }
}
