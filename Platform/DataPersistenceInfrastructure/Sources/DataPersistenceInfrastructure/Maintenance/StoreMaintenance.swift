import Foundation
import OpenSwiftData

/// Looks after declared stores as a whole, outside their contexts: inspects and checks
/// them without writing, migrates, backs up and restores user-data stores, and deletes
/// caches. Every file operation is OpenSwiftData's `StoreFile`.
///
/// ```swift
/// let status = StoreMaintenance.status(of: WatchlistInfrastructureFactory.watchlistStore, in: locations)
/// let backup = try StoreMaintenance.backup(WatchlistInfrastructureFactory.watchlistStore, in: locations)
/// ```
///
/// A failure is a ``StoreMaintenanceError`` and leaves the store's files as they were.
public enum StoreMaintenance {
    /// How many of SQLite's integrity messages ``checkIntegrity(of:in:)`` keeps.
    static let reportedIntegrityProblems = 3

    /// What the store's file holds, read without writing to it (a store in a read-only
    /// folder is read all the same).
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    public static func status(of store: StoreDescription, in locations: StoreLocations) -> StoreStatus {
        let file = StoreFile(url: store.url(in: locations))
        let inspection = file.inspect(expecting: store.schema, migrationPlan: store.migrationPlan)
        let state: StoreStatus.State =
            switch inspection.state {
            case .missing: .missing
            case .empty: inspection.fileSize == 0 ? .empty : .notAModelStore
            case .notAModelStore: .notAModelStore
            case .damaged(let reason): .unreadable(reason: reason)
            case .ok, .needsMigration, .newer, .unknownVersion: .readable
            }
        return StoreStatus(
            url: file.url, state: state, schemaVersion: inspection.isModelStore ? inspection.schemaVersion : nil,
            sizeBytes: inspection.fileSize,
            rows: inspection.isModelStore
                ? inspection.entities.map { StoreStatus.EntityRows(entity: $0.entity, rowCount: $0.rowCount) } : [],
            totalRows: inspection.totalRowCount, isWritable: file.isWritable)
    }

    /// SQLite's integrity check of the store's file, read-only.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    public static func checkIntegrity(of store: StoreDescription, in locations: StoreLocations)
        -> StoreIntegrityCheck
    {
        let file = StoreFile(url: store.url(in: locations))
        guard file.exists else { return .missing }
        switch file.checkIntegrity() {
        case .ok: return .ok
        case .problems(let problems): return .problems(Array(problems.prefix(reportedIntegrityProblems)))
        case .unreadable(let reason): return .unreadable(reason: reason)
        }
    }

    /// Whether the store's schema is the declared one, by a dry run of its migration,
    /// read-only.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    public static func checkSchema(of store: StoreDescription, in locations: StoreLocations) -> StoreSchemaCheck {
        do {
            let report = try ModelContainer.dryRunMigration(
                for: store.schema, migrationPlan: store.migrationPlan, configuration: store.configuration(in: locations)
            )
            if report.isUpToDate { return .current }
            return .migrates(from: report.storeVersion, to: report.targetVersion, stageCount: report.stages.count)
        } catch {
            // A cache that cannot be migrated is recreated on next use; a user store is refused.
            return store.kind == .cache ? .recreated(reason: "\(error)") : .refused(reason: "\(error)")
        }
    }

    /// Migrates a store to the declared version (backed up first by OpenSwiftData), or with
    /// `dryRun` says what that would do without changing it.
    ///
    /// A store at the declared version is only read, so that an up-to-date store in a
    /// read-only folder is reported as such; any other is refused when it cannot be
    /// written (unless `dryRun`). A store that does not exist yet is created at the
    /// declared version (without `dryRun`) and reported up to date.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    ///   - dryRun: Whether to say what the migration would do, changing nothing.
    ///   - observer: Given the store's row count before the migration, returns what to tell
    ///     of its progress (a progress bar); called only when a migration runs.
    /// - Throws: ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)`` when the store
    ///   must change and cannot be written (unless `dryRun`);
    ///   ``StoreMaintenanceError/migrationRefused(fileName:underlying:)`` when the migration,
    ///   or its dry run, fails.
    public static func migrate(
        _ store: StoreDescription, in locations: StoreLocations, dryRun: Bool,
        observer: (_ storeRows: Int) -> MigrationObserver? = { _ in nil }
    ) throws(StoreMaintenanceError) -> StoreMigrationOutcome {
        let file = StoreFile(url: store.url(in: locations))
        let inspection = file.inspect(expecting: store.schema, migrationPlan: store.migrationPlan)
        if inspection.state == .ok { return .upToDate(version: store.schema.version) }
        if !dryRun { try StoreWriteAccess.requireWritable(store, in: locations) }
        let report: MigrationReport?
        do {
            if dryRun {
                report = try ModelContainer.dryRunMigration(
                    for: store.schema, migrationPlan: store.migrationPlan,
                    configuration: store.configuration(in: locations))
            } else {
                let container = try ModelContainer(
                    for: store.schema, migrationPlan: store.migrationPlan,
                    configurations: [store.configuration(in: locations)],
                    migrationObserver: observer(inspection.totalRowCount))
                report = container.migrationReport
            }
        } catch {
            throw .migrationRefused(fileName: store.fileName, underlying: error)
        }
        return report.map { .migrated($0) } ?? .upToDate(version: store.schema.version)
    }

    /// Copies a user-data store to a backup beside it, labelled `manual`, and returns
    /// the backup's file.
    ///
    /// - Parameters:
    ///   - store: A user-data store.
    ///   - locations: The data and cache folders.
    /// - Throws: ``StoreMaintenanceError``:
    ///   ``StoreMaintenanceError/cacheNotBackedUp(fileName:)`` for a cache,
    ///   ``StoreMaintenanceError/storeMissing(url:)``,
    ///   ``StoreMaintenanceError/backupFolderReadOnly(storeName:folder:)``, or
    ///   ``StoreMaintenanceError/backupFailed(fileName:underlying:)``.
    public static func backup(_ store: StoreDescription, in locations: StoreLocations)
        throws(StoreMaintenanceError) -> URL
    {
        guard store.kind == .userData else { throw .cacheNotBackedUp(fileName: store.fileName) }
        let file = StoreFile(url: store.url(in: locations))
        guard file.exists else { throw .storeMissing(url: file.url) }
        let folder = file.url.deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw .backupFolderReadOnly(storeName: store.name, folder: folder)
        }
        do {
            return try file.backup(label: "manual")
        } catch {
            throw .backupFailed(fileName: store.fileName, underlying: error)
        }
    }

    /// Replaces a user-data store with the backup at `source`, which must be a store
    /// this release can open (now or after migrating); the store replaced is kept as a
    /// backup, whose file is returned (nil when there was no store).
    ///
    /// - Parameters:
    ///   - store: A user-data store.
    ///   - locations: The data and cache folders.
    ///   - source: The backup's file.
    /// - Throws: ``StoreMaintenanceError``:
    ///   ``StoreMaintenanceError/cacheNotRestored(fileName:)`` for a cache,
    ///   ``StoreMaintenanceError/backupMissing(url:)``,
    ///   ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)``,
    ///   ``StoreMaintenanceError/notRestorable(source:fileName:underlying:)`` when this release
    ///   cannot open the backup, or
    ///   ``StoreMaintenanceError/restoreFailed(fileName:underlying:)``.
    public static func restore(_ store: StoreDescription, in locations: StoreLocations, from source: URL)
        throws(StoreMaintenanceError) -> URL?
    {
        guard store.kind == .userData else { throw .cacheNotRestored(fileName: store.fileName) }
        guard FileManager.default.fileExists(atPath: source.path) else { throw .backupMissing(url: source) }
        try StoreWriteAccess.requireWritable(store, in: locations)
        do {
            _ = try ModelContainer.dryRunMigration(
                for: store.schema, migrationPlan: store.migrationPlan,
                configuration: ModelConfiguration(url: source, cloudKitDatabase: store.cloudKitDatabase))
        } catch {
            throw .notRestorable(source: source, fileName: store.fileName, underlying: error)
        }
        do {
            return try StoreFile(url: store.url(in: locations)).restore(from: source)
        } catch {
            throw .restoreFailed(fileName: store.fileName, underlying: error)
        }
    }

    /// Deletes the files of the cache stores among `stores` (they are refetched when
    /// needed) and returns those that existed; user-data stores are never touched.
    ///
    /// - Parameters:
    ///   - stores: The stores; only the caches among them are deleted.
    ///   - locations: The data and cache folders.
    public static func removeCaches(_ stores: [StoreDescription], in locations: StoreLocations)
        -> [StoreDescription]
    {
        stores.filter { $0.kind == .cache }.filter { store in
            let file = StoreFile(url: store.url(in: locations))
            let existed = file.exists
            file.removeFiles()
            return existed
        }
    }
}
