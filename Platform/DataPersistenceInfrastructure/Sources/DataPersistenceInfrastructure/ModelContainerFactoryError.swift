import Foundation

/// Why ``ModelContainerFactory`` could not provide a container.
///
/// The description is a sentence a person can act on; for a user-data store it says
/// that the files were left untouched.
public enum ModelContainerFactoryError: Error, CustomStringConvertible, LocalizedError {
    /// A cache store failed to open, was deleted, and failed again when created anew.
    case cacheStoreUnrecoverable(url: URL, firstError: any Error, retryError: any Error)
    /// A user-data store could not be opened or migrated; nothing was deleted or changed
    /// by the factory.
    case userStoreUnavailable(url: URL, underlying: any Error)
    /// A user-data store's legacy file could not be moved to the store's name now (it is
    /// in use, or a rename failed); both files are as they were.
    case legacyStoreRelocationFailed(LegacyStoreRelocationError)
    /// A store opened read-only (``StoreAccessMode/readOnly``) could not be read as it is:
    /// missing, written by another version, or damaged; nothing was changed.
    case readOnlyStoreUnavailable(url: URL, underlying: any Error)

    /// The store's `.sqlite` file.
    var storeURL: URL {
        switch self {
        case .cacheStoreUnrecoverable(let url, _, _), .userStoreUnavailable(let url, _),
            .readOnlyStoreUnavailable(let url, _):
            url
        case .legacyStoreRelocationFailed(let error): error.url
        }
    }

    /// The error of the last attempt to open the store.
    var underlyingError: any Error {
        switch self {
        case .cacheStoreUnrecoverable(_, _, let retryError): retryError
        case .userStoreUnavailable(_, let underlying), .readOnlyStoreUnavailable(_, let underlying): underlying
        case .legacyStoreRelocationFailed(let error): error
        }
    }

    /// Whether the store's files are as they were before the factory was called: true
    /// for a user-data store, false for a cache store (its files were deleted).
    public var storeFilesUntouched: Bool {
        switch self {
        case .cacheStoreUnrecoverable: false
        case .userStoreUnavailable, .legacyStoreRelocationFailed, .readOnlyStoreUnavailable: true
        }
    }

    /// What happened to which file, and what a person can do about it.
    public var description: String {
        switch self {
        case .cacheStoreUnrecoverable(let url, let firstError, let retryError):
            "Cannot create the cache store \(url.path): it failed to open (\(firstError)), its files were "
                + "deleted, and creating it again failed too (\(retryError)). Check that the folder "
                + "\(url.deletingLastPathComponent().path) exists and is writable."
        case .userStoreUnavailable(let url, let underlying):
            "Cannot open the user-data store \(url.path): \(underlying) The file was left untouched "
                + "(nothing was deleted); back it up before trying a newer version or restoring an older one."
        case .legacyStoreRelocationFailed(let error):
            error.description
        case .readOnlyStoreUnavailable(let url, let underlying):
            "Cannot read the store \(url.path) without writing to it: \(underlying) The file was left untouched."
        }
    }

    /// The ``description``.
    public var errorDescription: String? { description }
}
