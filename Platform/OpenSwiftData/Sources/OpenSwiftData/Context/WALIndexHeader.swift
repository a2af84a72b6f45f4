internal import GRDB
internal import GRDBSQLite
import Synchronization

/// The header of a store's WAL index, as a connection of this process sees it in the
/// store's shared memory (the `-shm` file): the state of the store's last commit, changed by
/// every commit, from any connection of any process (its `iChange` counter, last frame and
/// checksums, <https://sqlite.org/walformat.html#the_wal_index_file_format>).
///
/// Two headers that are equal name the same commit: no transaction was committed between
/// the two reads. The header is read as SQLite's readers read it, without a lock: its
/// two copies, the second after the first, are equal unless a commit was writing them, in
/// which case there is no header to compare (nil).
struct WALIndexHeader: Equatable {
    /// The first copy of the header, `WalIndexHdr`'s 48 bytes.
    private let bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    static func == (lhs: WALIndexHeader, rhs: WALIndexHeader) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// The header of `db`'s main database, or nil: no WAL index (a database not in WAL
    /// mode, a VFS without shared memory), or a commit writing the header.
    init?(_ db: Database) {
        guard let connection = db.sqliteConnection else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file,
            let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2, let map = methods.pointee.xShmMap
        else { return nil }
        // The first region of the WAL index, already mapped by the connection (not
        // extended: `bExtend` 0); 32 KiB, as SQLite maps it. Its pointer is read here only.
        var region: UnsafeMutableRawPointer?
        guard map(file, 0, 32 * 1024, 0, &region) == SQLITE_OK, let region else { return nil }
        var first = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var second = first
        // The header is 2 × 48 bytes at the start of the region (the region is 32 KiB).
        withUnsafeMutableBytes(of: &first) { $0.copyMemory(from: UnsafeRawBufferPointer(start: region, count: 48)) }
        // Ordered as SQLite orders its reads: a writer writes the second copy, then the first.
        atomicMemoryFence(ordering: .acquiring)
        withUnsafeMutableBytes(of: &second) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: region + 48, count: 48))
        }
        guard first == second else { return nil }
        bytes = first
    }
}
