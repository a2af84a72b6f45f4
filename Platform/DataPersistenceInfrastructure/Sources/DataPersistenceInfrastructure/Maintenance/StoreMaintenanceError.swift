import Foundation

/// Why a maintenance operation or a write-access check refused a store. Every case left
/// the store's files as they were; the description is one sentence a person can act on.
public enum StoreMaintenanceError: Error, CustomStringConvertible, LocalizedError {
    /// What kind of failure it is, for a caller that sorts failures (such as by exit status).
    public enum Cause: Sendable, Hashable {
        /// The operation does not apply to the store named: a cache.
        case notUserData
        /// The store or file named does not exist.
        case notFound
        /// The store refused the operation: read-only, or not a store this release can use.
        case refused
    }

    /// `backup` of a cache store.
    case cacheNotBackedUp(fileName: String)
    /// `restore` of a cache store.
    case cacheNotRestored(fileName: String)
    /// The store to back up does not exist.
    case storeMissing(url: URL)
    /// The backup to restore does not exist.
    case backupMissing(url: URL)
    /// The store cannot be changed: `readOnlyPath` (the file, or its folder) is read-only.
    case readOnly(storeName: String, readOnlyPath: String)
    /// The backup is written beside the store, and that folder is read-only.
    case backupFolderReadOnly(storeName: String, folder: String)
    /// A user-data store still in its former file, in a read-only folder: it cannot be
    /// moved to its name, so it cannot be read.
    case legacyFileInReadOnlyFolder(storeName: String, fileName: String, legacyURL: URL)
    /// Copying the store to its backup failed.
    case backupFailed(fileName: String, underlying: any Error)
    /// The file to restore is not a store this release can open (now or after migrating).
    case notRestorable(source: URL, fileName: String, underlying: any Error)
    /// Putting the backup in place failed.
    case restoreFailed(fileName: String, underlying: any Error)
    /// The store cannot be migrated to the declared version.
    case migrationRefused(fileName: String, underlying: any Error)

    /// What kind of failure this is.
    public var cause: Cause {
        switch self {
        case .cacheNotBackedUp, .cacheNotRestored: .notUserData
        case .storeMissing, .backupMissing: .notFound
        case .readOnly, .backupFolderReadOnly, .legacyFileInReadOnlyFolder, .backupFailed, .notRestorable,
            .restoreFailed, .migrationRefused:
            .refused
        }
    }

    /// One sentence a person can act on, saying that nothing was changed.
    public var description: String {
        switch self {
        case .cacheNotBackedUp(let fileName):
            "\(fileName) is a cache; only user-data stores are backed up."
        case .cacheNotRestored(let fileName):
            "\(fileName) is a cache; caches are not restored, they are refetched."
        case .storeMissing(let url):
            "\(url.lastPathComponent) does not exist yet at \(url.path)."
        case .backupMissing(let url):
            "No file at \(url.path)."
        case .readOnly(let storeName, let readOnlyPath):
            "Cannot change the \(storeName): \(readOnlyPath) is read-only; nothing was changed."
        case .backupFolderReadOnly(let storeName, let folder):
            "Cannot back up the \(storeName): \(folder) is read-only, and the backup is written "
                + "beside the store; nothing was changed."
        case .legacyFileInReadOnlyFolder(let storeName, let fileName, let legacyURL):
            "The \(storeName) is still in its former file \(legacyURL.path), which must be moved to "
                + "\(fileName) before it is read, and its folder is read-only; nothing was changed."
        case .backupFailed(let fileName, let underlying):
            "Cannot back up \(fileName): \(underlying)"
        case .notRestorable(let source, let fileName, let underlying):
            "\(source.path) cannot be restored as \(fileName): \(underlying)"
        case .restoreFailed(let fileName, let underlying):
            "Cannot restore \(fileName): \(underlying)"
        case .migrationRefused(let fileName, let underlying):
            "\(fileName) cannot be migrated and was left as it was: \(underlying)"
        }
    }

    /// The ``description``.
    public var errorDescription: String? { description }
}
