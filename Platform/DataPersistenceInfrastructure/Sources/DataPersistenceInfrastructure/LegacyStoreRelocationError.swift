import Foundation

/// Why a legacy store could not be relocated. In every case the files are left as they
/// were (a rename that failed half-way leaves each file at one of its two names).
public enum LegacyStoreRelocationError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// Another connection holds the store, so its WAL could not be checkpointed; try
    /// again when it is closed.
    case storeInUse(url: URL)
    /// A file could not be renamed.
    case renameFailed(from: URL, to: URL, detail: String)

    /// What could not be done to which file; nothing was deleted.
    public var description: String {
        switch self {
        case .storeInUse(let url):
            "Cannot relocate \(url.path): another process is using it. Close it and try again; nothing was changed."
        case .renameFailed(let from, let to, let detail):
            "Cannot rename \(from.path) to \(to.path): \(detail). No file was deleted."
        }
    }

    /// The ``description``.
    public var errorDescription: String? { description }

    /// The store file the relocation was about.
    var url: URL {
        switch self {
        case .storeInUse(let url): url
        case .renameFailed(let from, _, _): from
        }
    }
}
