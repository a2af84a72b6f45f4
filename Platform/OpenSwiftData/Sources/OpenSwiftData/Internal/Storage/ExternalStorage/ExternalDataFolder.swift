import Foundation
internal import GRDB

/// The folder beside a store file that holds its external data: the values of
/// `@Attribute(.externalStorage)` attributes larger than ``threshold`` bytes, one file per
/// value, named by a UUID. For the store `watchlist.sqlite` it is
/// `watchlist.sqlite_SUPPORT/_EXTERNAL_DATA/`, as Core Data names its own (without the
/// leading dot, so that copying a store's folder by hand shows it).
///
/// A row holds the file's name, as text, in the attribute's BLOB column. Files are never
/// changed once written: a new value is a new file, and the file of a replaced or
/// deleted value is removed once the save that replaced it has committed
/// (``ExternalDataChanges``).
struct ExternalDataFolder: Sendable {
    /// Values larger than this many bytes (128 KiB) are kept in a file; smaller ones stay
    /// in the row, where SQLite reads them faster than a file.
    static let threshold = 128 * 1024

    /// `<store file>_SUPPORT/_EXTERNAL_DATA`.
    let url: URL

    init(storeURL: URL) {
        url = Self.supportFolder(of: storeURL).appending(path: "_EXTERNAL_DATA", directoryHint: .isDirectory)
    }

    /// `<store file>_SUPPORT`, the folder of everything a store keeps beside its file.
    static func supportFolder(of storeURL: URL) -> URL {
        URL(fileURLWithPath: storeURL.path + "_SUPPORT", isDirectory: true)
    }

    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The file a row's reference names; a reference that is not a file name this
    /// folder gives (a UUID) is refused, so that a damaged or crafted row cannot point
    /// outside the folder.
    func fileURL(_ name: String) throws -> URL {
        guard UUID(uuidString: name) != nil else { throw ExternalDataError.invalidReference(name) }
        return url.appending(path: name, directoryHint: .notDirectory)
    }

    /// Writes `data` to a new file (0600, in folders created 0700), flushed to disk with
    /// its folder's entry before returning, since the row that names it may commit right
    /// after; returns its name.
    func write(_ data: Data) throws -> String {
        try createFolders()
        let name = UUID().uuidString
        let file = try fileURL(name)
        guard (try? ExternalFileFaults.check(.createFile, file.path)) != nil,
            FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw ExternalDataError.cannotWrite(file.path) }
        try flush(file)
        flushFolder()
        return name
    }

    /// Puts the file `name` of `source` in this folder under a new name: a hard link
    /// where the file system allows (files are never changed once written), a copy
    /// otherwise.
    func copy(_ name: String, from source: ExternalDataFolder) throws -> String {
        let newName = UUID().uuidString
        try copy(name, from: source, as: newName)
        return newName
    }

    /// Puts the file `name` of `source` in this folder under `newName` (see
    /// ``copy(_:from:)``).
    func copy(_ name: String, from source: ExternalDataFolder, as newName: String) throws {
        let origin = try source.fileURL(name)
        guard FileManager.default.fileExists(atPath: origin.path) else { throw ExternalDataError.missing(origin.path) }
        try createFolders()
        let destination = try fileURL(newName)
        do {
            try ExternalFileFaults.check(.link, destination.path)
            try FileManager.default.linkItem(at: origin, to: destination)
        } catch {
            do {
                try ExternalFileFaults.check(.copy, destination.path)
                try FileManager.default.copyItem(at: origin, to: destination)
                try flush(destination)
            } catch {
                throw ExternalDataError.cannotWrite(destination.path)
            }
        }
        flushFolder()
    }

    /// The bytes of the file `name`.
    func read(_ name: String) throws -> Data {
        let file = try fileURL(name)
        guard FileManager.default.fileExists(atPath: file.path) else { throw ExternalDataError.missing(file.path) }
        do {
            try ExternalFileFaults.check(.read, file.path)
            return try Data(contentsOf: file)
        } catch {
            throw ExternalDataError.unreadable(file.path, "\(error.localizedDescription)")
        }
    }

    /// Removes the files `names`; a file already gone, or kept (``keep(_:)``), is skipped.
    func remove(_ names: some Sequence<String>) {
        for name in names {
            guard let file = try? fileURL(name), !Self.kept.withLock({ $0.contains(file.path) }),
                (try? ExternalFileFaults.check(.remove, file.path)) != nil
            else { continue }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// The paths of the files ``keep(_:)`` keeps.
    private static let kept = Locked<Set<String>>([])

    /// Keeps the file `name` for as long as the process runs: no save removes it, not even
    /// one that deletes or replaces its row's value. For a file whose bytes could not be read
    /// (an I/O error) when a model's value was about to change or go: the model's snapshot, or
    /// an undo action, then names the file instead of holding its bytes, and brings the
    /// name back. The file stays in the folder once no row names it, as a crash between
    /// writing a file and committing can leave one: disk space, never a lost value.
    func keep(_ name: String) {
        guard let file = try? fileURL(name) else { return }
        Self.kept.withLock { _ = $0.insert(file.path) }
    }

    /// The names of the files in the folder.
    func fileNames() -> Set<String> {
        Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter {
                UUID(uuidString: $0) != nil
            })
    }

    private func createFolders() throws {
        let support = url.deletingLastPathComponent()
        for folder in [support, url] where !FileManager.default.fileExists(atPath: folder.path) {
            do {
                try ExternalFileFaults.check(.createFolder, folder.path)
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw ExternalDataError.cannotWrite(folder.path)
            }
        }
    }

    /// Flushes the folder's entries, so that a new file's name survives a power loss as
    /// its contents do. Best effort: a file system that cannot open a folder has nothing
    /// to flush this way.
    private func flushFolder() {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return }
        try? handle.synchronize()
        try? handle.close()
    }

    private func flush(_ file: URL) throws {
        do {
            try ExternalFileFaults.check(.flush, file.path)
            let handle = try FileHandle(forUpdating: file)
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            throw ExternalDataError.cannotWrite(file.path)
        }
    }
}

/// Why external data could not be written or read.
enum ExternalDataError: Error, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)
    case cannotWrite(String)
    case invalidReference(String)

    var description: String {
        switch self {
        case .missing(let path): "the external data file \(path) is missing"
        case .unreadable(let path, let reason): "the external data file \(path) cannot be read (\(reason))"
        case .cannotWrite(let path): "cannot write \(path) (is the folder writable, the disk full?)"
        case .invalidReference(let name): "a row names \"\(name)\" as its external data file, which is not such a name"
        }
    }
}
