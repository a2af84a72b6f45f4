import Foundation

/// The files of one OpenSwiftData store on disk, and what can be done with them without
/// opening a container: inspect, check, back up, restore, copy rows in, checkpoint, move
/// and remove.
///
/// OpenSwiftData is the only code that knows how a store is laid out in SQLite; tools
/// that look after stores (a command line's `stores` commands, a store relocation) use
/// this type instead of reading the tables themselves.
///
/// ```swift
/// let store = StoreFile(url: storeURL)
/// let inspection = store.inspect(expecting: schema, migrationPlan: plan)
/// print(inspection.state, inspection.entities.map(\.rowCount))
/// let backup = try store.backup(label: "manual")
/// ```
///
/// A store is its `.sqlite` file and, in WAL mode, the `-wal` and `-shm` files beside it,
/// and, once a value of an `@Attribute(.externalStorage)` attribute was larger than
/// 128 KiB, the folder `<store file>_SUPPORT` beside them, whose `_EXTERNAL_DATA` folder
/// holds such values, one file each (``supportFolderURL``). Every operation here carries
/// that folder with the file.
///
/// ## Topics
///
/// ### Operations
///
/// - ``inspect(expecting:migrationPlan:)``
/// - ``checkIntegrity()``
/// - ``backup(to:)``
/// - ``backup(label:at:)``
/// - ``backupURL(label:at:)``
/// - ``restore(from:at:)``
/// - ``copyRows(from:)``
/// - ``checkpoint()``
/// - ``move(to:)``
/// - ``removeFiles()``
public struct StoreFile: Hashable, Sendable, CustomStringConvertible {
    /// The suffixes of a store's files: the main file, its write-ahead log and the log's
    /// shared-memory index.
    static let suffixes = ["", "-wal", "-shm"]

    /// The store's `.sqlite` file.
    public let url: URL

    /// The store whose main file is `url`.
    ///
    /// - Parameter url: The store's `.sqlite` file.
    public init(url: URL) {
        self.url = url
    }

    /// The main file's path.
    public var path: String { url.path }

    public var description: String { path }

    /// The main file and its `-wal` and `-shm` companions, whether they exist or not.
    public var fileURLs: [URL] { Self.suffixes.map(companion) }

    /// The `-wal` and `-shm` files, whether they exist or not.
    public var companionURLs: [URL] { Self.suffixes.dropFirst().map(companion) }

    /// Whether the main file exists.
    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether any of the store's files, or its support folder, exists (a crash may leave
    /// a `-wal` alone).
    public var hasAnyFile: Bool {
        (fileURLs + [supportFolderURL]).contains { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The main file's size in bytes, or nil when it does not exist.
    public var fileSize: Int? {
        // Only the size: `FileManager.attributesOfItem` also looks the owner's user and
        // group names up (the password and group files), which opening a store paid for.
        (try? url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize
    }

    private func companion(_ suffix: String) -> URL {
        suffix.isEmpty ? url : URL(fileURLWithPath: path + suffix)
    }
}
