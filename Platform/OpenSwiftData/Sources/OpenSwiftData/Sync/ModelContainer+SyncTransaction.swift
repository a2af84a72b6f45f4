internal import GRDB

extension ModelContainer {
    /// Runs `body` in one SQLite transaction, with a new context whose saves are part of
    /// it and the store's `SyncMetadata`: either everything `body` saved and wrote is
    /// committed, or nothing is (when `body` throws, or the process dies before the end).
    ///
    /// This is how a sync engine applies what it received: the models it changes, the
    /// record names it gives them and its new cursor land together.
    ///
    /// `body` runs on the store's writer (the serial queue of its write connection, where
    /// every save of the store runs), never on the caller's thread: the caller suspends
    /// until the transaction has committed or rolled back, and no thread of Swift's
    /// cooperative pool waits for SQLite meanwhile.
    ///
    /// The context's `author` is `author`, so that the engine can tell its own saves from
    /// the user's in the history. Each `save()` of the context is a savepoint of the
    /// transaction; the did-save notifications of its saves (and the container's
    /// ``changes()``) are posted, in order and with no object (the context is the
    /// transaction's own), once the transaction has committed and the writer is free, so
    /// that an observer reading or writing the store sees what they announce; a transaction
    /// rolled back announces nothing. The context does not outlive `body`.
    ///
    /// - Parameters:
    ///   - author: The author of the context's saves in the history.
    ///   - body: The work: given the context and the store's sync metadata.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration(reason:)`` for a container of
    ///   several configurations, ``SwiftDataError/saveNotAllowed`` for a read-only store, and
    ///   ``SwiftDataError`` when the store fails; what `body` throws, unchanged. Nothing is
    ///   committed then.
    package func performSyncTransaction<Result: Sendable>(
        author: String?, _ body: @escaping @Sendable (ModelContext, SyncMetadata) throws -> Result
    ) async throws -> Result {
        let store = try syncedStore()
        guard store.allowsSave else { throw SwiftDataError.saveNotAllowed }
        let identifier = store.identifier
        let (result, held) = try await passingBodyErrors(path: identifier) {
            try await store.writer.writeWithoutTransaction { db in
                var outcome: (Result, [Change])?
                try db.inTransaction {
                    let context = ModelContext(container: self, pinnedDatabases: [db])
                    context.author = author
                    let metadata = try SyncMetadata(db: db, storeIdentifier: identifier, isWritable: true)
                    let result = try BodyError.wrapping { try body(context, metadata) }
                    outcome = (result, context.core.takeHeldChanges())
                    return .commit
                }
                guard let outcome else { preconditionFailure("a committed sync transaction has an outcome") }
                return outcome
            }
        }
        for change in held { announce(change, savedBy: nil) }
        return result
    }

    /// Reads the store's `SyncMetadata` without writing, on one of the store's read
    /// connections (the caller suspends meanwhile): nothing is created when the store was
    /// never synced (every record name and value is then absent).
    ///
    /// - Parameter body: The work: given the store's sync metadata.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration(reason:)`` for a container of
    ///   several configurations, and ``SwiftDataError`` when the store fails; what `body`
    ///   throws, unchanged.
    package func readSyncMetadata<Result: Sendable>(_ body: @escaping @Sendable (SyncMetadata) throws -> Result)
        async throws -> Result
    {
        let store = try syncedStore()
        let identifier = store.identifier
        return try await passingBodyErrors(path: identifier) {
            try await store.writer.read { db in
                let metadata = try SyncMetadata(db: db, storeIdentifier: identifier, isWritable: false)
                return try BodyError.wrapping { try body(metadata) }
            }
        }
    }

    /// Runs store access whose own errors become ``SwiftDataError``s, while the errors of
    /// the caller's closure inside it come out as they were thrown.
    private func passingBodyErrors<Result>(path: String, _ access: () async throws -> Result) async throws -> Result {
        do {
            return try await access()
        } catch let error as BodyError {
            throw error.error
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: path)
        }
    }

    /// The store a sync works on: the only one of a container of one configuration. (A
    /// sync transaction is one SQLite transaction, which cannot span store files.)
    private func syncedStore() throws(SwiftDataError) -> Store {
        guard stores.stores.count == 1 else {
            throw .unsupportedConfiguration(
                reason: "a sync transaction works on one store; sync a container of one configuration")
        }
        return stores.stores[0]
    }
}

/// An error thrown by the caller's closure, passed through unchanged.
private struct BodyError: Error {
    let error: any Error

    static func wrapping<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw BodyError(error: error)
        }
    }
}
