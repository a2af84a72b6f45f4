import Foundation
import OpenSwiftData

/// Whether a store can be changed, checked before anything is touched, so that a
/// command that would change a store it cannot write (sync, migrate, restore, a new
/// watchlist entry) fails with the store as it was.
///
/// "Cannot write" is OpenSwiftData's `StoreFile.isWritable`: a read-only folder or
/// mount, or a read-only store file (for root too, whom permissions do not stop but a
/// read-only mount does).
public enum StoreWriteAccess {
    /// Throws ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)`` when the store
    /// cannot be written, naming the read-only file or folder.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    /// - Throws: ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)`` when the store
    ///   cannot be written.
    static func requireWritable(_ store: StoreDescription, in locations: StoreLocations)
        throws(StoreMaintenanceError)
    {
        let file = StoreFile(url: store.url(in: locations))
        guard !file.isWritable && !fileStandsForFolder(of: file) else { return }
        let folder = file.url.deletingLastPathComponent().path
        let readOnly = file.exists && !FileManager.default.isWritableFile(atPath: file.path) ? file.path : folder
        throw .readOnly(storeName: store.name, readOnlyPath: readOnly)
    }

    /// Whether the store can be changed; a file standing where its folder should be
    /// counts as writable, so that opening the store fails with a message that says so,
    /// better than "read-only".
    static func canWrite(_ file: StoreFile) -> Bool {
        file.isWritable || fileStandsForFolder(of: file)
    }

    private static func fileStandsForFolder(of file: StoreFile) -> Bool {
        var isDirectory: ObjCBool = false
        let folder = file.url.deletingLastPathComponent().path
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

extension StoreWriteAccess {
    /// Whether this process could change the store: false in a read-only folder or
    /// mount, or for a read-only store file.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    public static func isWritable(_ store: StoreDescription, in locations: StoreLocations) -> Bool {
        StoreFile(url: store.url(in: locations)).isWritable
    }
}
