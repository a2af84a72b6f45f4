import Foundation
import OpenSwiftData

/// `stores status`: the version of popcorn that reads the stores, where they are, and
/// what each holds.
package struct StoresStatusJSON: Codable, Equatable, Sendable {
    /// The release of popcorn that wrote this output (`popcorn --version`).
    package let popcornVersion: String
    package let dataDirectory: String
    package let cacheDirectory: String
    package let stores: [StoreStatusJSON]
}

package struct StoreStatusJSON: Codable, Equatable, Sendable {
    /// The short name commands take, such as `watchlist`.
    package let name: String
    /// The file name, such as `popcorn-movies-cloudkit.sqlite`.
    package let file: String
    package let path: String
    /// `cache` or `userData`.
    package let kind: String
    /// The iCloud container a user-data store is configured for; null for a cache.
    @Nullable package var cloudKitContainer: String?
    /// `ok`, `missing`, `empty`, `notAPopcornStore` or `unreadable` (``problem`` says why).
    package let state: String
    @Nullable package var problem: String?
    /// The schema version the store is stamped with, such as `1.0.0`; null for a cache.
    @Nullable package var schemaVersion: String?
    @Nullable package var sizeBytes: Int?
    /// Rows per entity, by entity name.
    package let rows: [EntityRowsJSON]
    package let totalRows: Int
    /// Whether popcorn can change the store (false in a read-only folder).
    package let writable: Bool
}

/// How many rows an entity (a table) of a store holds.
package struct EntityRowsJSON: Codable, Equatable, Sendable {
    package let entity: String
    package let count: Int
}

/// `stores check`: SQLite's integrity check and the schema check of each store.
package struct StoresCheckJSON: Codable, Equatable, Sendable {
    package let stores: [StoreCheckJSON]
    /// How many stores have a problem; the command then exits with status 1.
    package let problems: Int
}

package struct StoreCheckJSON: Codable, Equatable, Sendable {
    package let name: String
    package let file: String
    /// `ok`, `problems`, `unreadable` or `missing`.
    package let integrity: String
    /// SQLite's first messages, or why the file cannot be read.
    package let integrityProblems: [String]
    /// `current`, `migrates` (on next use), `recreated` (a cache, on next use) or
    /// `refused` (a user store this release cannot open); null for a missing store.
    @Nullable package var schema: String?
    /// What `migrates` will do, or why the store is `recreated` or `refused`.
    @Nullable package var schemaDetail: String?
    package let hasProblems: Bool
}

/// `stores migrate [--dry-run]`: each user-data store, migrated or up to date.
package struct StoresMigrateJSON: Codable, Equatable, Sendable {
    package let dryRun: Bool
    /// The user-data stores that exist; empty when none does yet.
    package let stores: [StoreMigrationJSON]
}

package struct StoreMigrationJSON: Codable, Equatable, Sendable {
    package let name: String
    package let file: String
    package let upToDate: Bool
    /// The version before; null for an unversioned store.
    @Nullable package var fromVersion: String?
    package let toVersion: String
    package let stages: [MigrationStageJSON]
    /// The backup written before migrating; null for a dry run or an up-to-date store.
    @Nullable package var backup: String?
}

package struct MigrationStageJSON: Codable, Equatable, Sendable {
    /// Such as `lightweight 1.0.0 → 2.0.0`.
    package let description: String
    package let hasCustomCode: Bool
    /// The SQL that changes the store's shape, in order.
    package let statements: [String]
}

/// `stores backup STORE`.
package struct StoreBackupJSON: Codable, Equatable, Sendable {
    package let name: String
    package let file: String
    /// The backup file written.
    package let backup: String
}

/// `stores restore STORE FILE`.
package struct StoreRestoreJSON: Codable, Equatable, Sendable {
    package let name: String
    package let file: String
    package let restoredFrom: String
    /// Where the store that was replaced was kept; null when there was none.
    @Nullable package var previousStoreKeptAt: String?
}

/// `stores reset-caches`.
package struct CachesResetJSON: Codable, Equatable, Sendable {
    /// The cache files deleted.
    package let removed: [String]
}

extension StoreMigrationJSON {
    init(name: String, file: String, report: MigrationReport) {
        self.init(
            name: name, file: file, upToDate: report.isUpToDate,
            fromVersion: (report.storeVersion ?? (report.isUpToDate ? report.targetVersion : nil))?.description,
            toVersion: report.targetVersion.description,
            stages: report.stages.map {
                MigrationStageJSON(
                    description: $0.description, hasCustomCode: $0.hasCustomCode, statements: $0.statements)
            },
            backup: report.backupPath)
    }
}
