import Foundation
internal import GRDB
internal import GRDBSQLite

/// Reading a store without write access, and telling whether it has write access.
///
/// A store is in WAL mode, and SQLite reads a WAL database through the `-shm` index of
/// its write-ahead log. A read-only connection therefore opens the store in one of three
/// ways, the first that applies:
///
/// 1. The `-shm` file exists, or the folder is writable (SQLite may create the index):
///    an ordinary read-only connection, which sees what other processes commit, the
///    `-wal` included. A `-shm` that is itself read-only is fine: SQLite then keeps the
///    index in its own memory.
/// 2. There is no `-shm`, the folder is read-only, and there is no `-wal` (or an empty
///    one): everything is in the main file, so it is opened with SQLite's
///    `immutable=1`, which needs no index and no locks. That is sound as long as nobody
///    writes the file meanwhile, which a read-only folder rules out for this process
///    (another user, or another mount of the folder, writing at the same moment would
///    not be seen consistently).
/// 3. A non-empty `-wal` with no `-shm` in a read-only folder (left by a crash): the log
///    holds committed rows that `immutable` would skip, and SQLite cannot read the log
///    without the index, so opening fails with a message that says so rather than show
///    old rows.
extension StoreFile {
    /// Whether this process can write the store: change its existing files (the main
    /// file, `-wal`, `-shm`) and create files in its folder (or create the folder), and in
    /// its external-data folder (`<store file>_SUPPORT/_EXTERNAL_DATA`).
    ///
    /// `false` for a read-only folder or mount, a read-only store file, or a file where
    /// the folder should be. Tools use it to open a store read-only
    /// (`ModelConfiguration(url:allowsSave: false)`) instead of failing, and to refuse a
    /// change before touching anything.
    public var isWritable: Bool {
        let manager = FileManager.default
        // A file that is gone is not read-only: another process closing the store's last
        // connection deletes its `-wal` and `-shm`, maybe between the two questions.
        for file in fileURLs where manager.fileExists(atPath: file.path) {
            guard manager.isWritableFile(atPath: file.path) || !manager.fileExists(atPath: file.path) else {
                return false
            }
        }
        return Self.canCreateFiles(in: url.deletingLastPathComponent()) && Self.canCreateFiles(in: externalData.url)
    }

    /// Whether files can be created in `folder`, or `folder` created with its missing parents.
    static func canCreateFiles(in folder: URL) -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            return isDirectory.boolValue && manager.isWritableFile(atPath: folder.path)
        }
        let parent = folder.deletingLastPathComponent()
        return parent.path != folder.path && canCreateFiles(in: parent)
    }

    /// A connection that cannot write to the store, opened as the type's comment says.
    func readOnlyQueue() throws -> DatabaseQueue {
        var configuration = Store.configuration()
        configuration.readonly = true
        let folderIsWritable = FileManager.default.isWritableFile(atPath: url.deletingLastPathComponent().path)
        return try DatabaseQueue(
            path: try readOnlyPath(folderIsWritable: folderIsWritable), configuration: configuration)
    }

    /// The main file's path, or an `immutable=1` URI of it when SQLite can neither find
    /// nor create the `-shm` index and the `-wal` is empty.
    func readOnlyPath(folderIsWritable: Bool) throws(SwiftDataError) -> String {
        let folder = url.deletingLastPathComponent()
        let (wal, shm) = (companionURLs[0], companionURLs[1])
        if folderIsWritable || FileManager.default.fileExists(atPath: shm.path) {
            return path
        }
        guard StoreFile.size(of: wal) == 0 else {
            throw .io(
                path: path,
                detail:
                    "its write-ahead log \(wal.lastPathComponent) holds changes that SQLite can read only with "
                    + "a \(shm.lastPathComponent) index, which it cannot create in the read-only folder "
                    + "\(folder.path); open it once with write access, or copy its three files to a writable folder")
        }
        // GRDB opens files without SQLITE_OPEN_URI: a URI is understood when SQLite was
        // built with SQLITE_USE_URI, as Debian's libsqlite3 is.
        guard sqlite3_compileoption_used("USE_URI") == 1 else {
            throw .io(
                path: path,
                detail:
                    "reading it in a read-only folder needs SQLite's immutable mode, and this SQLite library "
                    + "was built without URI file names (SQLITE_USE_URI)")
        }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file:\(encoded)?immutable=1"
    }
}
