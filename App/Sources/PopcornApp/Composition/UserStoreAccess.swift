import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// How commands open a user-data store (the watchlist, the search history), so that
/// reading never needs write access and a change is refused before anything is touched.
///
/// - A command that only reads opens a store it cannot write read-only
///   (``StoreAccessMode/readOnly``: never created, migrated or written), and says so in
///   one note on standard error; a store that does not exist and cannot be created there
///   reads as empty.
/// - A command that changes a store it cannot write fails with one line, exit status
///   ``ExitStatus/storeRefused``, and the store as it was.
///
/// "Cannot write" is OpenSwiftData's `StoreFile.isWritable`: a read-only folder or mount,
/// or a read-only store file (for root too, whom permissions do not stop but a read-only
/// mount does).
enum UserStoreAccess {
    /// Opens `store` for a command that only reads it.
    ///
    /// - Returns: Whether there is a store to read: false when it does not exist and
    ///   cannot be created in its folder.
    static func openForReading(_ store: StoreDescription, in stores: ContextStores, output: Output) throws -> Bool {
        let file = StoreFile(url: stores.url(of: store))
        if file.isWritable || fileStandsForFolder(of: file) {
            // Opened as ever; a file where the folder should be fails with its own message.
            try stores.open(store, onFailure: .throwing)
            return true
        }
        if let legacy = store.legacyURL(in: stores.locations), FileManager.default.fileExists(atPath: legacy.path) {
            throw CommandFailure.storeRefused(
                "The \(store.name) is still in its former file \(legacy.path), which must be moved to "
                    + "\(store.fileName) before it is read, and its folder is read-only; nothing was changed.")
        }
        guard file.exists else {
            output.note(
                "\(file.url.deletingLastPathComponent().path) is read-only and holds no \(store.name); "
                    + "changes cannot be saved.")
            return false
        }
        try stores.open(store, access: .readOnly, onFailure: .throwing)
        output.note("\(file.path) is read-only; it is shown as it is, and changes cannot be saved.")
        return true
    }

    /// Opens `store` for a command that changes it, or fails with one line, before
    /// touching anything, when it cannot be written.
    static func openForWriting(_ store: StoreDescription, in stores: ContextStores) throws {
        try requireWritable(store, at: stores.url(of: store))
        try stores.open(store, onFailure: .throwing)
    }

    /// Fails with one line and exit status ``ExitStatus/storeRefused`` when the store at
    /// `url` cannot be written, so that a command that would change it (sync, migrate,
    /// restore) touches nothing.
    static func requireWritable(_ store: StoreDescription, at url: URL) throws {
        let file = StoreFile(url: url)
        guard !file.isWritable && !fileStandsForFolder(of: file) else { return }
        let folder = file.url.deletingLastPathComponent().path
        let readOnly = file.exists && !FileManager.default.isWritableFile(atPath: file.path) ? file.path : folder
        throw CommandFailure.storeRefused(
            "Cannot change the \(store.name): \(readOnly) is read-only; nothing was changed.")
    }

    /// Whether a file stands where the store's folder should be: opening the store then
    /// fails with a message that says so, better than "read-only".
    private static func fileStandsForFolder(of file: StoreFile) -> Bool {
        var isDirectory: ObjCBool = false
        let folder = file.url.deletingLastPathComponent().path
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
