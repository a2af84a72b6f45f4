import Foundation
import OpenSwiftData

/// `stores status`: the version of popcorn that reads the stores, where they are, and
/// what each holds.
public struct StoresStatusJSON: Codable, Equatable, Sendable {
    /// The release of popcorn that wrote this output (`popcorn --version`).
    public let popcornVersion: String
    public let dataDirectory: String
    public let cacheDirectory: String
    public let stores: [StoreStatusJSON]
}

public struct StoreStatusJSON: Codable, Equatable, Sendable {
    /// The short name commands take, such as `watchlist`.
    public let name: String
    /// The file name, such as `popcorn-movies-cloudkit.sqlite`.
    public let file: String
    public let path: String
    /// `cache` or `userData`.
    public let kind: String
    /// The iCloud container a user-data store is configured for; null for a cache.
    @Nullable public var cloudKitContainer: String?
    /// `ok`, `missing`, `empty`, `notAPopcornStore` or `unreadable` (``problem`` says why).
    public let state: String
    @Nullable public var problem: String?
    /// The schema version the store is stamped with, such as `1.0.0`; null for a cache.
    @Nullable public var schemaVersion: String?
    @Nullable public var sizeBytes: Int?
    /// Rows per entity, by entity name.
    public let rows: [EntityRowsJSON]
    public let totalRows: Int
    /// Whether popcorn can change the store (false in a read-only folder).
    public let writable: Bool
}

/// How many rows an entity (a table) of a store holds.
public struct EntityRowsJSON: Codable, Equatable, Sendable {
    public let entity: String
    public let count: Int
}

/// `stores check`: SQLite's integrity check and the schema check of each store.
public struct StoresCheckJSON: Codable, Equatable, Sendable {
    public let stores: [StoreCheckJSON]
    /// How many stores have a problem; the command then exits with status 1.
    public let problems: Int
}

public struct StoreCheckJSON: Codable, Equatable, Sendable {
    public let name: String
    public let file: String
    /// `ok`, `problems`, `unreadable` or `missing`.
    public let integrity: String
    /// SQLite's first messages, or why the file cannot be read.
    public let integrityProblems: [String]
    /// `current`, `migrates` (on next use), `recreated` (a cache, on next use) or
    /// `refused` (a user store this release cannot open); null for a missing store.
    @Nullable public var schema: String?
    /// What `migrates` will do, or why the store is `recreated` or `refused`.
    @Nullable public var schemaDetail: String?
    public let hasProblems: Bool
}

/// `stores migrate [--dry-run]`: each user-data store, migrated or up to date.
public struct StoresMigrateJSON: Codable, Equatable, Sendable {
    public let dryRun: Bool
    /// The user-data stores that exist; empty when none does yet.
    public let stores: [StoreMigrationJSON]
}

public struct StoreMigrationJSON: Codable, Equatable, Sendable {
    public let name: String
    public let file: String
    public let upToDate: Bool
    /// The version before; null for an unversioned store.
    @Nullable public var fromVersion: String?
    public let toVersion: String
    public let stages: [MigrationStageJSON]
    /// The backup written before migrating; null for a dry run or an up-to-date store.
    @Nullable public var backup: String?
}

public struct MigrationStageJSON: Codable, Equatable, Sendable {
    /// Such as `lightweight 1.0.0 → 2.0.0`.
    public let description: String
    public let hasCustomCode: Bool
    /// The SQL that changes the store's shape, in order.
    public let statements: [String]
}

/// `stores backup STORE`.
public struct StoreBackupJSON: Codable, Equatable, Sendable {
    public let name: String
    public let file: String
    /// The backup file written.
    public let backup: String
}

/// `stores restore STORE FILE`.
public struct StoreRestoreJSON: Codable, Equatable, Sendable {
    public let name: String
    public let file: String
    public let restoredFrom: String
    /// Where the store that was replaced was kept; null when there was none.
    @Nullable public var previousStoreKeptAt: String?
}

/// `stores reset-caches`.
public struct CachesResetJSON: Codable, Equatable, Sendable {
    /// The cache files deleted.
    public let removed: [String]
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
