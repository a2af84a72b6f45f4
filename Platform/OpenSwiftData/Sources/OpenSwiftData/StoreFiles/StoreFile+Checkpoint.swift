internal import GRDB

extension StoreFile {
    /// Folds the store's write-ahead log into its main file, so that the main file alone
    /// holds every committed row, as before the store's files are moved or copied.
    ///
    /// Runs `PRAGMA wal_checkpoint(TRUNCATE)` on a connection of its own and closes it,
    /// which removes an empty `-wal` and the `-shm` when no other connection is open.
    ///
    /// - Returns: true when the log was folded completely (or there was none); false
    ///   when another connection kept the checkpoint from completing, in which case
    ///   nothing is lost and it can be tried again later.
    /// - Throws: ``SwiftDataError`` when there is no store or it is not a readable
    ///   database.
    @discardableResult
    public func checkpoint() throws(SwiftDataError) -> Bool {
        guard exists else { throw .io(path: path, detail: "there is no store to checkpoint") }
        do {
            var configuration = Store.configuration()
            // Another process may hold the store; wait a little, not as long as a write.
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let busy = try queue.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") ?? 0
            }
            try queue.close()
            return busy == 0
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            return false
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: path)
        }
    }
}
