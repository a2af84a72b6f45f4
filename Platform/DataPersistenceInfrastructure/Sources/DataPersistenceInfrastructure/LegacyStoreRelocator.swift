import Foundation
import Logging
import OpenSwiftData

/// Moves a store to a new file name without losing a row, such as the search history's
/// `searchkit-cloudkit.sqlite` to `popcorn-search-cloudkit.sqlite`.
///
/// A store declared with a ``StoreDescription/legacyFileName`` is relocated this way
/// each time it is opened, before its container; called directly:
///
/// ```swift
/// let outcome = try LegacyStoreRelocator.relocate(
///     from: folder.appending(path: "searchkit-cloudkit.sqlite"),
///     to: folder.appending(path: "popcorn-search-cloudkit.sqlite"),
///     logger: logger
/// )
/// ```
///
/// - No legacy file: nothing happens (``RelocationOutcome/nothingToRelocate``).
/// - Only the legacy file: its WAL is checkpointed into the main file, then its files are
///   renamed (``RelocationOutcome/moved``).
/// - Both files: the legacy store is renamed to a backup beside it, named by
///   OpenSwiftData's backup rule with the label `legacy`
///   (`searchkit-cloudkit.sqlite.20260101T120000.000Z.legacy.backup`). When both are
///   OpenSwiftData stores with identical entities, its rows (with their links) are then
///   added to the new store in one transaction
///   (``RelocationOutcome/merged(rowCount:backupURL:)``); otherwise the new store is left
///   alone (``RelocationOutcome/keptAsBackup(backupURL:reason:)``).
/// - A legacy file that is not a readable database is kept as a backup too, so that the
///   new store can be created.
///
/// No file is ever deleted, so the only copy of a row is never lost; the logger says
/// what was done. Running it again after it succeeded does nothing. Every file operation
/// is OpenSwiftData's (`StoreFile`).
enum LegacyStoreRelocator {
    /// The label of the backups this relocation keeps.
    static let backupLabel = "legacy"

    /// Relocates the store at `legacyURL` to `newURL`.
    ///
    /// - Parameters:
    ///   - legacyURL: The old `.sqlite` file.
    ///   - newURL: The `.sqlite` file the store is opened from now on. Neither store may
    ///     be open.
    ///   - logger: Told what was done.
    ///   - now: The time that names a backup.
    /// - Returns: What was done.
    /// - Throws: ``LegacyStoreRelocationError`` when a store is in use or a file cannot be
    ///   renamed; the files are then left as they were.
    @discardableResult
    static func relocate(
        from legacyURL: URL, to newURL: URL, logger: Logger, now: Date = Date()
    ) throws(LegacyStoreRelocationError) -> RelocationOutcome {
        let legacy = StoreFile(url: legacyURL)
        let new = StoreFile(url: newURL)
        guard legacy.exists else {
            logger.debug("No legacy store at \(legacy.path); nothing to relocate")
            return .nothingToRelocate
        }
        let unreadable = try checkpoint(legacy)

        if !new.exists {
            if let unreadable {
                return try keepAsBackup(legacy, reason: unreadable, new: new, logger: logger, now: now)
            }
            try setAsideOrphanedCompanions(of: new, now: now)
            try move(legacy, to: new.url)
            logger.notice("Moved the legacy store \(legacy.path) to \(new.path)")
            return .moved
        }

        // Only a new store in use stops the relocation; one that cannot be read is left
        // for its container to report, and the legacy store is kept as a backup below.
        _ = try checkpoint(new)
        if let unreadable {
            return try keepAsBackup(legacy, reason: unreadable, new: new, logger: logger, now: now)
        }
        let backupURL = legacy.backupURL(label: backupLabel, at: now)
        try move(legacy, to: backupURL)
        do {
            let rowCount = try new.copyRows(from: backupURL)
            logger.notice(
                """
                Merged \(rowCount) rows from the legacy store \(legacy.path) into \(new.path); \
                kept the legacy store as a backup at \(backupURL.path)
                """
            )
            return .merged(rowCount: rowCount, backupURL: backupURL)
        } catch {
            let reason =
                error.cause.map { cause in
                    if case .rowsNotCopied(_, _, let reason) = cause { return reason }
                    return cause.description
                } ?? error.description
            return keptAsBackup(legacy.path, backupURL: backupURL, reason: reason, newURL: newURL, logger: logger)
        }
    }

    /// Checkpoints a store; returns why it is not a readable database, or nil when it is.
    private static func checkpoint(_ store: StoreFile) throws(LegacyStoreRelocationError) -> String? {
        do {
            guard try store.checkpoint() else { throw LegacyStoreRelocationError.storeInUse(url: store.url) }
            return nil
        } catch let error as LegacyStoreRelocationError {
            throw error
        } catch {
            return "it is not a readable SQLite database (\(error))"
        }
    }

    private static func move(_ store: StoreFile, to destination: URL) throws(LegacyStoreRelocationError) {
        do {
            try store.move(to: destination)
        } catch {
            throw .renameFailed(from: store.url, to: destination, detail: error.description)
        }
    }

    /// Companions left at `store` without a main file (by a crash, say) would be applied to
    /// the store renamed there: they are renamed aside first, each by the backup rule.
    private static func setAsideOrphanedCompanions(of store: StoreFile, now: Date) throws(LegacyStoreRelocationError) {
        for orphan in store.companionURLs where FileManager.default.fileExists(atPath: orphan.path) {
            let aside = StoreFile(url: orphan).backupURL(label: "orphaned", at: now)
            do {
                try FileManager.default.moveItem(at: orphan, to: aside)
            } catch {
                throw .renameFailed(from: orphan, to: aside, detail: error.localizedDescription)
            }
        }
    }

    private static func keepAsBackup(
        _ legacy: StoreFile, reason: String, new: StoreFile, logger: Logger, now: Date
    ) throws(LegacyStoreRelocationError) -> RelocationOutcome {
        let backupURL = legacy.backupURL(label: backupLabel, at: now)
        try move(legacy, to: backupURL)
        return keptAsBackup(legacy.path, backupURL: backupURL, reason: reason, newURL: new.url, logger: logger)
    }

    private static func keptAsBackup(
        _ legacyPath: String, backupURL: URL, reason: String, newURL: URL, logger: Logger
    ) -> RelocationOutcome {
        logger.warning(
            """
            Kept the legacy store \(legacyPath) as a backup at \(backupURL.path), without merging it into \
            \(newURL.path): \(reason)
            """
        )
        return .keptAsBackup(backupURL: backupURL, reason: reason)
    }
}
