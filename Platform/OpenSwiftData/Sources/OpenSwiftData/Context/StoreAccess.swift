import GRDB

/// How a context reaches its database: through the store's connections, or through
/// one connection pinned inside an open transaction (as during a migration).
final class StoreAccess {
    private let writer: (any DatabaseWriter)?
    private var current: Database?

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Access through a connection whose transaction the caller owns.
    init(pinned db: Database) {
        self.writer = nil
        self.current = db
    }

    /// Runs `body` with a connection; reads nested in another access (a relationship
    /// loaded while a predicate is evaluated) reuse the connection already held.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let current { return try body(current) }
        guard let writer else { preconditionFailure("store access has no database") }
        return try writer.read { db in
            current = db
            defer { current = nil }
            return try body(db)
        }
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
