internal import GRDB

extension ModelContainer {
    /// Runs `body` in one SQLite transaction, with a new context whose saves are part of
    /// it and the store's `SyncMetadata`: either everything `body` saved and wrote is
    /// committed, or nothing is (when `body` throws, or the process dies before the end).
    ///
    /// This is how a sync engine applies what it received: the models it changes, the
    /// record names it gives them and its new cursor land together.
    ///
    /// The context's `author` is `author`, so that the engine can tell its own saves from
    /// the user's in the history. Each `save()` of the context is a savepoint of the
    /// transaction; the did-save notifications of its saves (and the container's
    /// ``changes()``) are posted, in order, once the transaction has committed, so that an
    /// observer reading the store sees what they announce; a transaction rolled back
    /// announces nothing. Do not use the context after `body` returns.
    ///
    /// - Parameters:
    ///   - author: The author of the context's saves in the history.
    ///   - body: The work: given the context and the store's sync metadata.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration(reason:)`` for a container of
    ///   several configurations, ``SwiftDataError/saveNotAllowed`` for a read-only store, and
    ///   ``SwiftDataError`` when the store fails; what `body` throws, unchanged. Nothing is
    ///   committed then.
    package func performSyncTransaction<Result>(
        author: String?, _ body: (ModelContext, SyncMetadata) throws -> Result
    ) throws -> Result {
        let store = try syncedStore()
        guard store.allowsSave else { throw SwiftDataError.saveNotAllowed }
        let identifier = store.identifier
        var syncContext: ModelContext?
        let result = try passingBodyErrors(path: identifier) {
            try store.writer.write { db in
                let context = ModelContext(container: self, pinnedDatabases: [db])
                syncContext = context
                context.author = author
                let metadata = try SyncMetadata(db: db, storeIdentifier: identifier, isWritable: true)
                return try BodyError.wrapping { try body(context, metadata) }
            }
        }
        // `write` returns once the transaction has committed.
        syncContext?.core.announceHeldChanges()
        return result
    }

    /// Reads the store's `SyncMetadata` without writing: nothing is created when the
    /// store was never synced (every record name and value is then absent).
    ///
    /// - Parameter body: The work: given the store's sync metadata.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration(reason:)`` for a container of
    ///   several configurations, and ``SwiftDataError`` when the store fails; what `body`
    ///   throws, unchanged.
    package func readSyncMetadata<Result>(_ body: (SyncMetadata) throws -> Result) throws -> Result {
        let store = try syncedStore()
        let identifier = store.identifier
        return try passingBodyErrors(path: identifier) {
            try store.writer.read { db in
                let metadata = try SyncMetadata(db: db, storeIdentifier: identifier, isWritable: false)
                return try BodyError.wrapping { try body(metadata) }
            }
        }
    }

    /// Runs store access whose own errors become ``SwiftDataError``s, while the errors of
    /// the caller's closure inside it come out as they were thrown.
    private func passingBodyErrors<Result>(path: String, _ access: () throws -> Result) throws -> Result {
        do {
            return try access()
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
