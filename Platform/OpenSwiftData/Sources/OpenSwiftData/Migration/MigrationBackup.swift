import Foundation
internal import GRDB

/// Copies of a store written with SQLite's backup API before it is migrated, named by the
/// backup rule of `StoreFile` with the label `v<old version>`
/// (`<store file>.<UTC time>.v<old version>.backup`) beside it; the newest few are kept.
enum MigrationBackup {
    static let keptCount = 3

    /// Writes a backup of the store and removes all but the newest ``keptCount`` migration
    /// backups (backups written for other reasons are kept).
    static func write(from reader: any DatabaseReader, storeURL: URL, version: String) throws -> URL {
        let url = StoreFile(url: storeURL).backupURL(label: "v\(version)")
        try StoreFile(url: storeURL).writeBackup(from: reader, to: url)
        for old in backups(of: storeURL).dropLast(keptCount) {
            StoreFile(url: old).removeFiles()
        }
        return url
    }

    /// The migration backups of a store, oldest first.
    static func backups(of storeURL: URL) -> [URL] {
        StoreFile(url: storeURL).backupURLs { label in label.hasPrefix("v") }
    }
}
