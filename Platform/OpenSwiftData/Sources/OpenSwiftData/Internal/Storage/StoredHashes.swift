internal import GRDBSQLite

/// The entity hashes recorded in a store file, read through a connection of SQLite's C
/// API.
///
/// Opening a container first inspects its file on a connection of its own, before the
/// file is opened by GRDB (``Store``, ``StoreProbe``). For a store already at the
/// schema's shape, the usual case, the hashes are all that inspection needs, and a GRDB
/// queue costs three times as much to open as SQLite's own connection: a third of what
/// opening an up-to-date container added to a raw open. Anything else (no such table, an
/// error, a NULL) gives nil, and the caller inspects the file through GRDB, which tells
/// what is wrong.
enum StoredHashes {
    /// The hashes of `path`'s entity table by entity name, read on a read-only
    /// connection, or nil when they cannot be read this way.
    static func read(path: String) -> [String: String]? {
        StoreProbe(readingOnly: path).hashes()
    }

    /// The hashes of the entity table of the database `connection` has open, or nil.
    static func read(on connection: OpaquePointer) -> [String: String]? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, StoredMetadata.hashesSQL, -1, &statement, nil) == SQLITE_OK,
            let statement
        else {
            return nil
        }
        var hashes: [String: String] = [:]
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                guard let name = sqlite3_column_text(statement, 0), let hash = sqlite3_column_text(statement, 1)
                else { return nil }
                hashes[String(cString: name)] = String(cString: hash)
            case SQLITE_DONE:
                return hashes
            default:
                return nil
            }
        }
    }
}
