import Foundation
internal import GRDB

/// An open SQLite store: the connection pool and what it stores.
final class Store: Sendable {
    let writer: any DatabaseWriter
    /// The file path, or `memory:<uuid>` for an in-memory store.
    let identifier: String
    let url: URL?
    let allowsSave: Bool

    init(writer: any DatabaseWriter, identifier: String, url: URL?, allowsSave: Bool) {
        self.writer = writer
        self.identifier = identifier
        self.url = url
        self.allowsSave = allowsSave
    }

    /// What an existing file holds.
    enum Contents {
        /// No tables: a new or zero-length file.
        case empty
        /// A store of exactly this schema.
        case current
        /// A store written with another shape.
        case other(StoredMetadata)

        var isCurrent: Bool {
            if case .current = self { return true }
            return false
        }

        var isEmpty: Bool {
            if case .empty = self { return true }
            return false
        }
    }

    /// Opens the store of a configuration, creating it when absent and migrating it when
    /// it was written with another shape.
    ///
    /// Nothing is written to a file that is refused: it is inspected first on a connection
    /// that cannot change it (``StoreProbe``), and a migration runs in one transaction
    /// that rolls back on any failure.
    static func open(
        configuration: ModelConfiguration, schema: Schema, plan versionedPlan: VersionedPlan?,
        observer: MigrationObserver?
    ) throws(SwiftDataError) -> (store: Store, migration: MigrationReport?) {
        if configuration.isStoredInMemoryOnly {
            let queue = try SQLiteErrors.map(path: ":memory:") {
                try DatabaseQueue(configuration: Self.configuration())
            }.get()
            let store = Store(
                writer: queue, identifier: "memory:\(UUID().uuidString)", url: nil,
                allowsSave: configuration.allowsSave)
            try store.createIfEmpty(schema: schema, version: versionedPlan?.latest)
            return (store, nil)
        }
        let url = configuration.url.standardizedFileURL
        if !configuration.allowsSave {
            return (try openReadOnly(url: url, schema: schema, plan: versionedPlan), nil)
        }
        let path = url.path
        let migrator = StoreMigrator(path: path, schema: schema, plan: versionedPlan, observer: observer)
        try StoreFile.prepare(url)
        let exists = StoreFile.size(of: url) > 0
        if exists { try StoreFile(url: url).rollBackHotJournal() }
        var probe = StoreProbe(path: exists ? path : nil)
        let contents: Contents
        if !exists {
            contents = .empty
        } else if probe.hashes() == schema.layout.hashes {
            contents = .current
        } else {
            probe.close()
            contents = try inspectThroughGRDB(path: path, schema: schema)
        }
        var pending: StoredMetadata?
        if case .other(let stored) = contents {
            // Unknown or newer versions fail here, before the file is opened for writing.
            _ = try migrator.stages(for: stored)
            pending = stored
        }
        var report: MigrationReport?
        if let pending {
            report = try migrate(
                url: url, pending: pending, migrator: migrator, plan: versionedPlan, observer: observer)
        }
        // Opened only now: opening a pool writes to the file (GRDB makes sure the WAL
        // exists), and a refused file must be left exactly as it was. An up-to-date
        // store's log is set up by the probe, without a sync, and the pool finds it.
        if contents.isCurrent { probe.primeWriteAheadLog() }
        let pool = try SQLiteErrors.map(path: path) {
            try DatabasePool(path: path, configuration: Self.configuration())
        }.get()
        _ = consume probe
        let store = Store(writer: pool, identifier: path, url: url, allowsSave: configuration.allowsSave)
        // A store found at the schema's shape a moment ago is not looked at again (the
        // usual open); a new or migrated one is created or checked.
        if contents.isCurrent { return (store, report) }
        try store.createIfEmpty(schema: schema, version: versionedPlan?.latest)
        return (store, report)
    }

    /// Backs a planned store up, then migrates it on a single connection of its own.
    private static func migrate(
        url: URL, pending: StoredMetadata, migrator: StoreMigrator, plan: VersionedPlan?,
        observer: MigrationObserver?
    ) throws(SwiftDataError) -> MigrationReport {
        let path = url.path
        let queue = try SQLiteErrors.map(path: path) {
            try DatabaseQueue(path: path, configuration: Self.configuration())
        }.get()
        defer { try? queue.close() }
        var backupPath: String?
        if let plan {
            let oldVersion =
                (try? plan.versionIndex(of: pending, path: path)).map { plan.versions[$0].identifier.description }
                ?? "unknown"
            observer?(MigrationProgress(stageNumber: 0, stageCount: 0, stage: "backup", phase: .backingUp, rowsDone: 0))
            backupPath = try SQLiteErrors.map(path: path) {
                try MigrationBackup.write(from: queue, storeURL: url, version: oldVersion).path
            }.get()
        }
        let migrating = Store(writer: queue, identifier: path, url: url, allowsSave: true)
        let migrated = try migrating.migrate(with: migrator)
        return MigrationReport(
            storeVersion: migrated.storeVersion, targetVersion: migrated.targetVersion, stages: migrated.stages,
            backupPath: backupPath)
    }

    /// Runs a migration in one transaction on this store.
    func migrate(with migrator: StoreMigrator) throws(SwiftDataError) -> MigrationReport {
        try SQLiteErrors.map(path: identifier) {
            try writer.writeWithoutTransaction { db in
                var report: MigrationReport?
                try db.inTransaction(.immediate) {
                    // Read again under the write lock: another process may have migrated.
                    let stored = try StoredMetadata.read(from: db)
                    report = try migrator.migrate(db, store: self, stored: stored)
                    return .commit
                }
                guard let report else { throw SwiftDataError.migrationStageFailed(stage: "all", reason: "no report") }
                return report
            }
        }.get()
    }

    /// Reports what migrating a store would do, by migrating a copy of it in a
    /// temporary folder; the store itself is only read.
    static func dryRun(
        configuration: ModelConfiguration, schema: Schema, plan versionedPlan: VersionedPlan?
    ) throws(SwiftDataError) -> MigrationReport {
        let target = versionedPlan?.latest ?? schema.version
        let url = configuration.url.standardizedFileURL
        guard !configuration.isStoredInMemoryOnly, StoreFile.size(of: url) > 0,
            case .other(let stored) = try inspectReadOnly(path: url.path, schema: schema)
        else {
            return MigrationReport(storeVersion: nil, targetVersion: target, stages: [], backupPath: nil)
        }
        let migrator = StoreMigrator(path: url.path, schema: schema, plan: versionedPlan, observer: nil)
        _ = try migrator.stages(for: stored)
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "openswiftdata-dry-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appending(path: url.lastPathComponent)
        // A backup carries the external data, which the migration may read or remove.
        try StoreFile(url: url).backup(to: copy)
        let queue = try SQLiteErrors.map(path: copy.path) {
            try DatabaseQueue(path: copy.path, configuration: Self.configuration())
        }.get()
        defer { try? queue.close() }
        let store = Store(writer: queue, identifier: copy.path, url: copy, allowsSave: true)
        return try store.migrate(with: migrator)
    }

    /// Looks at an existing file without writing to it.
    static func inspectReadOnly(path: String, schema: Schema) throws(SwiftDataError) -> Contents {
        // The usual case, a store at the schema's shape, without a GRDB queue.
        if StoredHashes.read(path: path) == schema.layout.hashes { return .current }
        return try inspectThroughGRDB(path: path, schema: schema)
    }

    /// Looks at an existing file through a read-only GRDB queue, which tells what is
    /// wrong with a file that is not a store at the schema's shape.
    private static func inspectThroughGRDB(path: String, schema: Schema) throws(SwiftDataError) -> Contents {
        try SQLiteErrors.map(path: path) {
            let queue = try StoreFile(url: URL(fileURLWithPath: path)).readOnlyQueue()
            return try queue.read { db in try inspect(db, path: path, schema: schema) }
        }.get()
    }

    static func inspect(_ db: Database, path: String, schema: Schema) throws -> Contents {
        if let hashes = try StoredMetadata.readHashes(from: db) {
            guard hashes != schema.layout.hashes else { return .current }
            return .other(try StoredMetadata.read(from: db))
        }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        guard tables.isEmpty else {
            throw SwiftDataError.notAModelStore(path: path, tables: tables)
        }
        return .empty
    }

    /// Creates the schema's tables in an empty database; checks an existing one. An
    /// existing store is checked in a read transaction, so that opening one does not
    /// take the write lock other processes may be waiting for.
    private func createIfEmpty(schema: Schema, version: Schema.Version?) throws(SwiftDataError) {
        let path = identifier
        func check(_ db: Database) throws -> Bool {
            switch try Self.inspect(db, path: path, schema: schema) {
            case .empty:
                return true
            case .current:
                return false
            case .other(let stored):
                throw SwiftDataError.schemaMismatch(path: path, differences: schema.layout.differences(from: stored))
            }
        }
        try SQLiteErrors.map(path: path) {
            guard try writer.read(check) else { return }
            // Empty: create the tables, checking again under the write lock in case
            // another process created them meanwhile.
            try writer.write { db in
                if try check(db) { try schema.layout.create(in: db, version: version) }
            }
        }.get()
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        // Other processes may hold the write lock briefly; wait rather than fail.
        configuration.busyMode = .timeout(30)
        configuration.label = "OpenSwiftData"
        configuration.prepareDatabase { db in StoreFunctions.register(in: db) }
        return configuration
    }

}

/// Turns SQLite errors into ``SwiftDataError`` cases.
enum SQLiteErrors {
    /// What a read-only connection's SQLITE_READONLY_ROLLBACK means (``StoreFile/rollBackHotJournal()``).
    static let hotJournal =
        "a write that did not finish (a crash) left its rollback journal (the file's -journal), which only a "
        + "connection that may write can roll back: opening the store to save to it, or backing it up, rolls the "
        + "unfinished write back"

    static func map<T>(path: String, _ body: () throws -> T) -> Result<T, SwiftDataError> {
        do {
            return .success(try body())
        } catch {
            return .failure(swiftDataError(error, path: path))
        }
    }

    static func swiftDataError(_ error: any Error, path: String?) -> SwiftDataError {
        if let error = error as? SwiftDataError { return error }
        guard let error = error as? DatabaseError else {
            return .io(path: path ?? "store", detail: "\(error)")
        }
        let where_ = path ?? "store"
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notADatabase(path: where_)
        case .SQLITE_CORRUPT:
            return .corruptFile(path: where_, detail: error.message ?? "database disk image is malformed")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_AUTH:
            return .io(path: where_, detail: detail(of: error))
        default:
            return .database(code: error.extendedResultCode.rawValue, message: error.message ?? "", sql: error.sql)
        }
    }

    /// SQLite's message for an error, as a person reads it: a hot journal's refusal says
    /// what it is and what undoes it (``hotJournal``), which SQLite's message does not.
    static func detail(of error: DatabaseError) -> String {
        if error.extendedResultCode == .SQLITE_READONLY_ROLLBACK { return hotJournal }
        return error.message ?? "\(error.resultCode)"
    }
}
