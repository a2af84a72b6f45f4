import Foundation
import Logging

/// Moves a store to a new file name without losing a row, such as the search history's
/// `searchkit-cloudkit.sqlite` to `popcorn-search-cloudkit.sqlite`.
///
/// Call it before opening the new store's container:
///
/// ```swift
/// let outcome = try LegacyStoreRelocator.relocate(
///     from: locations.userDataStoreURL(named: StoreFileNames.legacySearchHistory),
///     to: locations.userDataStoreURL(named: StoreFileNames.searchHistory),
///     logger: logger
/// )
/// ```
///
/// - No legacy file: nothing happens (``RelocationOutcome/nothingToRelocate``).
/// - Only the legacy file: its WAL is checkpointed into the main file, then its files are
///   renamed (``RelocationOutcome/moved``).
/// - Both files: the legacy store is renamed to a timestamped backup beside it
///   (`searchkit-cloudkit-backup-20260101T120000Z.sqlite`). When both are OpenSwiftData
///   stores with identical entity hashes and no relationships, its rows are then added to
///   the new store in one transaction (``RelocationOutcome/merged(rowCount:backupURL:)``);
///   otherwise the new store is left alone (``RelocationOutcome/keptAsBackup(backupURL:reason:)``).
/// - A legacy file that is not a readable database is kept as a backup too, so that the
///   new store can be created.
///
/// No file is ever deleted, so the only copy of a row is never lost; the logger says
/// what was done. Running it again after it succeeded does nothing.
public enum LegacyStoreRelocator {
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
    public static func relocate(
        from legacyURL: URL, to newURL: URL, logger: Logger, now: Date = Date()
    ) throws(LegacyStoreRelocationError) -> RelocationOutcome {
        let legacyPath = legacyURL.path
        guard FileManager.default.fileExists(atPath: legacyPath) else {
            logger.debug("No legacy store at \(legacyPath); nothing to relocate")
            return .nothingToRelocate
        }
        let legacyCheckpoint = SQLiteCheckpoint.run(at: legacyURL)
        if legacyCheckpoint == .busy { throw .storeInUse(url: legacyURL) }

        if !FileManager.default.fileExists(atPath: newURL.path) {
            if case .unreadable(let detail) = legacyCheckpoint {
                return try keepAsBackup(
                    legacyURL, reason: "it is not a readable SQLite database (\(detail))", newURL: newURL,
                    logger: logger, now: now)
            }
            try StoreFileMover.setAsideOrphanedCompanions(of: newURL, now: now)
            try StoreFileMover.move(from: legacyURL, to: newURL)
            logger.notice("Moved the legacy store \(legacyPath) to \(newURL.path)")
            return .moved
        }

        if SQLiteCheckpoint.run(at: newURL) == .busy { throw .storeInUse(url: newURL) }
        let backupURL = StoreFileMover.backupURL(for: legacyURL, now: now)
        try StoreFileMover.move(from: legacyURL, to: backupURL)
        if case .unreadable(let detail) = legacyCheckpoint {
            return keptAsBackup(
                legacyPath, backupURL: backupURL, reason: "it is not a readable SQLite database (\(detail))",
                newURL: newURL, logger: logger)
        }
        do {
            let rowCount = try StoreMerger.mergeRows(from: backupURL, into: newURL)
            logger.notice(
                """
                Merged \(rowCount) rows from the legacy store \(legacyPath) into \(newURL.path); \
                kept the legacy store as a backup at \(backupURL.path)
                """
            )
            return .merged(rowCount: rowCount, backupURL: backupURL)
        } catch {
            return keptAsBackup(legacyPath, backupURL: backupURL, reason: "\(error)", newURL: newURL, logger: logger)
        }
    }

    private static func keepAsBackup(
        _ legacyURL: URL, reason: String, newURL: URL, logger: Logger, now: Date
    ) throws(LegacyStoreRelocationError) -> RelocationOutcome {
        let backupURL = StoreFileMover.backupURL(for: legacyURL, now: now)
        try StoreFileMover.move(from: legacyURL, to: backupURL)
        return keptAsBackup(legacyURL.path, backupURL: backupURL, reason: reason, newURL: newURL, logger: logger)
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
