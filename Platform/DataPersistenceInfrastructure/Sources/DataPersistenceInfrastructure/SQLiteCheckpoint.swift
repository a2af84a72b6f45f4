import Foundation
import GRDB

/// Folds a store's write-ahead log into its main file, so that the main file alone holds
/// every committed row.
enum SQLiteCheckpoint {
    enum Result: Equatable {
        /// The WAL was checkpointed and truncated (or there was none).
        case done
        /// Another connection kept the checkpoint from completing.
        case busy
        /// The file is not a readable SQLite database.
        case unreadable(String)
    }

    /// Opens the database, runs `PRAGMA wal_checkpoint(TRUNCATE)` and closes it (which
    /// removes an empty `-wal` and the `-shm`).
    static func run(at url: URL) -> Result {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = "DataPersistenceInfrastructure.checkpoint"
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            let busy = try queue.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") ?? 0
            }
            try queue.close()
            return busy == 0 ? .done : .busy
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            return .busy
        } catch {
            return .unreadable("\(error)")
        }
    }
}
