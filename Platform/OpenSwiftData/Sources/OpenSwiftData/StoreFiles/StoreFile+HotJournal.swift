import Foundation
internal import GRDBSQLite

/// A rollback journal that a crash left beside a store.
///
/// Stores are in WAL mode, but a file is in rollback-journal mode for the moment it is
/// switched to WAL (the first open of a restored backup, of a file another program wrote),
/// and a crash then leaves a *hot* journal: the pages the unfinished write changed, as
/// they were before it. SQLite puts them back on the first read of a connection that may
/// write; a read-only connection cannot, and fails ("attempt to write a readonly
/// database"), so a store could not be opened at all while its journal lay there: its
/// first look is read-only (``StoreProbe``). Putting the pages back restores the last
/// committed state, which loses nothing committed. A journal of a write still running in
/// another process is not hot (that process holds the file's lock), and SQLite leaves it.
extension StoreFile {
    /// The rollback journal beside the main file, whether it exists or not.
    var rollbackJournalURL: URL { URL(fileURLWithPath: path + "-journal") }

    /// Rolls back the unfinished write of a hot journal beside the file, when there is one,
    /// on a connection that may write and closes it.
    func rollBackHotJournal() throws(SwiftDataError) {
        guard FileManager.default.fileExists(atPath: rollbackJournalURL.path) else { return }
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        var code = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil)
        if code == SQLITE_OK {
            // A writer of another process may hold the file for a moment.
            sqlite3_busy_timeout(connection, 30_000)
            // Reading the header page is the read that plays a hot journal back.
            code = sqlite3_exec(connection, "PRAGMA schema_version", nil, nil, nil)
        }
        guard code == SQLITE_OK else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the file"
            throw .io(
                path: path,
                detail: "cannot roll back the unfinished write in \(rollbackJournalURL.lastPathComponent) (\(message))")
        }
    }
}
