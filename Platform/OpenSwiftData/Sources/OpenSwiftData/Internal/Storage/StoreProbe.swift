import Foundation
internal import GRDBSQLite

/// The connection of SQLite's C API on which opening a store for writing looks at the
/// file before GRDB's pool opens it, and which sets an up-to-date store's write-ahead log
/// up for the pool without a sync. The one place OpenSwiftData opens such a connection:
/// ``StoredHashes/read(path:)`` reads through a read-only probe too.
///
/// **It writes nothing to a file it does not find up to date.** It opens the file for
/// writing only when that cannot change it: the file exists, no rollback journal lies
/// beside it (a hot journal, which a writable connection would roll back), and its log
/// is missing or empty (so that closing, as the file's last connection, has nothing to
/// checkpoint into it). Otherwise it reads the file on a read-only connection.
///
/// **Why it primes the log.** GRDB's `DatabasePool` makes sure a non-empty `-wal` file
/// exists when it opens (GRDB issues 102 and 1383): when the file is missing or empty, it
/// creates and drops a table, a transaction whose first log frame SQLite syncs to disk,
/// with the folder: two `fdatasync`s. A store OpenSwiftData closed has no log (its last
/// connection checkpoints and deletes it), so every open of a container paid for them,
/// about half a millisecond on the benchmark's machine and more on slower disks.
/// ``primeWriteAheadLog()`` instead sets the header page's user version to the value it
/// has, with `synchronous = OFF`: losing that frame in a power cut loses nothing, the
/// pool's own transactions keep its sync rules, and SQLite syncs the log before any
/// checkpoint copies it into the file.
///
/// The probe must stay alive until the pool is open: dropped first, it would be the
/// file's last connection and delete the log it primed.
struct StoreProbe: ~Copyable {
    private var connection: OpaquePointer?
    /// Whether the connection may write: the log was missing or empty when it opened.
    private let isWritable: Bool

    /// Opens the store file at `path`, or holds no connection when there is no path or
    /// the file cannot be opened.
    init(path: String?) {
        guard let path else {
            self.init(opening: nil, writable: false)
            return
        }
        let logSize = StoreFile.size(of: URL(fileURLWithPath: path + "-wal"))
        self.init(opening: path, writable: logSize == 0 && !FileManager.default.fileExists(atPath: path + "-journal"))
    }

    /// Opens the file at `path` read-only, for a look that must not change it
    /// (``StoredHashes/read(path:)``).
    init(readingOnly path: String) {
        self.init(opening: path, writable: false)
    }

    private init(opening path: String?, writable: Bool) {
        var connection: OpaquePointer?
        if let path,
            sqlite3_open_v2(path, &connection, writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, nil)
                != SQLITE_OK
        {
            // Closed even when opening failed: SQLite may still have allocated the handle.
            sqlite3_close_v2(connection)
            connection = nil
        }
        // As the store's own connections: wait for a writer rather than fail.
        if let connection { sqlite3_busy_timeout(connection, 30_000) }
        self.connection = connection
        self.isWritable = writable
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// Closes the connection now, before another connection migrates the file.
    mutating func close() {
        sqlite3_close_v2(connection)
        connection = nil
    }

    /// The file's entity hashes (``StoredHashes``), or nil.
    func hashes() -> [String: String]? {
        connection.flatMap(StoredHashes.read(on:))
    }

    /// Puts one frame in the file's write-ahead log when the log is missing or empty.
    /// Call it only once the file is known to be an up-to-date store.
    func primeWriteAheadLog() {
        guard let connection, isWritable else { return }
        // Another writer holds the lock: leave the log to the pool rather than wait.
        sqlite3_busy_timeout(connection, 0)
        defer { sqlite3_busy_timeout(connection, 30_000) }
        // Back to SQLite's default at once: should the pool fail to open, this connection
        // closes last and checkpoints, and a checkpoint syncs.
        defer { _ = Self.execute(connection, "PRAGMA synchronous = FULL") }
        guard Self.execute(connection, "PRAGMA synchronous = OFF"), Self.execute(connection, "BEGIN IMMEDIATE")
        else { return }
        if Self.text(connection, "PRAGMA journal_mode") == "wal",
            let version = Self.text(connection, "PRAGMA user_version").flatMap({ Int32($0) }),
            Self.execute(connection, "PRAGMA user_version = \(version)")
        {
            _ = Self.execute(connection, "COMMIT")
        } else {
            _ = Self.execute(connection, "ROLLBACK")
        }
    }

    private static func execute(_ connection: OpaquePointer, _ sql: String) -> Bool {
        sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK
    }

    /// The first column of the first row of `sql`, or nil.
    private static func text(_ connection: OpaquePointer, _ sql: String) -> String? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
        else { return nil }
        return String(cString: text)
    }
}
