import Foundation

/// What ``LegacyStoreRelocator/relocate(from:to:logger:now:)`` did.
enum RelocationOutcome: Hashable, Sendable, CustomStringConvertible {
    /// There was no legacy store; nothing was touched.
    case nothingToRelocate
    /// The legacy store (its WAL checkpointed first) was renamed to the new name.
    case moved
    /// Both stores existed with the same entities: the legacy rows were added to the new
    /// store, and the legacy store was kept, renamed, as a backup.
    case merged(rowCount: Int, backupURL: URL)
    /// The legacy store could not be merged (the stores differ, or it cannot be read): it
    /// was kept, renamed, as a backup, and the new store was left as it was.
    case keptAsBackup(backupURL: URL, reason: String)

    /// Where the legacy store was kept, when it was kept as a backup.
    var backupURL: URL? {
        switch self {
        case .nothingToRelocate, .moved: nil
        case .merged(_, let url), .keptAsBackup(let url, _): url
        }
    }

    var description: String {
        switch self {
        case .nothingToRelocate: "nothing to relocate"
        case .moved: "moved"
        case .merged(let rowCount, let backupURL): "merged \(rowCount) rows; kept as backup at \(backupURL.path)"
        case .keptAsBackup(let backupURL, let reason): "kept as backup at \(backupURL.path) (\(reason))"
        }
    }
}
