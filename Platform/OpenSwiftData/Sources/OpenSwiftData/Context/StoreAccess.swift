internal import GRDB

/// How a context reaches its database: through the store's connections, or through
/// one connection pinned inside an open transaction (as during a migration).
///
/// A context that reads often gets a read-only connection of its own (``ownReader``):
/// a read through the store's pool borrows one of the pool's connections and runs in a
/// transaction of its own, which for a small fetch (a lookup by key) costs several times
/// the query. That connection keeps its read transaction from one read to the next while
/// the store has no new commit (``KeptReadTransaction``), so each read still sees every
/// save committed before it starts. Contexts that read once or twice (the common
/// short-lived ones) keep using the pool and open no connection.
final class StoreAccess {
    private let writer: (any DatabaseWriter)?
    /// The store file, for ``ownReader``; nil for an in-memory store.
    private let path: String?
    private var current: Database?
    private var poolReads = 0
    private var ownReader: DatabaseQueue?
    /// The read transaction ``ownReader`` keeps between reads.
    let keptTransaction = KeptReadTransaction()

    /// Reads through the pool before a context opens a connection of its own.
    static let readsBeforeOwnConnection = 3

    init(writer: any DatabaseWriter, path: String?) {
        self.writer = writer
        self.path = writer is DatabasePool ? path : nil
    }

    /// Access through a connection whose transaction the caller owns.
    init(pinned db: Database) {
        self.writer = nil
        self.path = nil
        self.current = db
    }

    /// Runs `body` with a connection; reads nested in another access (a relationship
    /// loaded while a predicate is evaluated) reuse the connection already held.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let current { return try body(current) }
        if let reader = try reader() {
            return try reader.inDatabase { db in
                current = db
                defer { current = nil }
                return try keptTransaction.read(db, reader: reader, body)
            }
        }
        guard let writer else { preconditionFailure("store access has no database") }
        return try writer.read { db in
            current = db
            defer { current = nil }
            return try body(db)
        }
    }

    /// The context's own read-only connection, opened at its
    /// ``readsBeforeOwnConnection``-th read; nil before, and for a store without file.
    private func reader() throws -> DatabaseQueue? {
        if let ownReader { return ownReader }
        guard let path else { return nil }
        poolReads += 1
        guard poolReads > Self.readsBeforeOwnConnection else { return nil }
        var configuration = Store.configuration()
        configuration.readonly = true
        // Its read transaction is kept from one read to the next (``KeptReadTransaction``).
        configuration.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        ownReader = reader
        return reader
    }

    /// Runs `body` in a transaction; inside a pinned connection, in a savepoint.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if let current {
            var result: T?
            try current.inSavepoint {
                result = try body(current)
                return .commit
            }
            guard let result else { preconditionFailure("savepoint committed without a result") }
            return result
        }
        guard let writer else { preconditionFailure("store access has no database") }
        return try writer.write { db in
            current = db
            defer { current = nil }
            return try body(db)
        }
    }
}
