import Foundation

extension ModelContainerFactory {
    /// The suffixes of the files that make up one SQLite store in WAL mode.
    static let sqliteFileSuffixes = ["", "-wal", "-shm"]

    /// The store file and its `-wal` and `-shm` companions.
    ///
    /// - Parameter url: The store's `.sqlite` file.
    /// - Returns: `[x.sqlite, x.sqlite-wal, x.sqlite-shm]`.
    public static func sqliteFileURLs(at url: URL) -> [URL] {
        sqliteFileSuffixes.map { URL(fileURLWithPath: url.path + $0) }
    }

    /// Removes a store's `.sqlite`, `.sqlite-wal` and `.sqlite-shm` files.
    ///
    /// Files that do not exist are skipped, and a file that cannot be removed is left
    /// where it is: this never throws. Removing the journal files with the store keeps
    /// a stale `-wal` from being applied to a new store of the same name.
    ///
    /// Public rather than `package` (as the PRD has it), because the contexts that call
    /// it are separate SwiftPM packages.
    ///
    /// - Parameter url: The store's `.sqlite` file.
    public static func removeSQLiteFiles(at url: URL) {
        for file in sqliteFileURLs(at: url) {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
