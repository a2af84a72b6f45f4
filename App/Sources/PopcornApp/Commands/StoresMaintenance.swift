import ArgumentParser
import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

extension StoresCommand {
    /// `popcorn stores check`: SQLite's integrity check and the schema check, read-only.
    ///
    /// A check is a report: it is printed whole, `--json` included, and the exit status
    /// is 1 when a store has a problem.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check each store's integrity and whether its schema is current; changes nothing.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let locations = environment.locations
            StoreInspector.noteReadOnly(
                StoreCatalog.current.all.map { StoreInspector.status(of: $0, in: locations) },
                output: environment.output)
            let checks = StoreCatalog.current.all.map { store in
                let integrity = StoreInspector.integrity(of: store.url(in: locations))
                let schema: StoreChecks.SchemaState? =
                    integrity.state == "missing" ? nil : StoreChecks.schema(of: store, in: locations)
                let hasProblems =
                    integrity.state != "ok" && integrity.state != "missing" || schema?.isProblem == true
                return StoreCheckJSON(
                    name: store.name, file: store.fileName, integrity: integrity.state,
                    integrityProblems: integrity.problems, schema: schema?.state, schemaDetail: schema?.detail,
                    hasProblems: hasProblems)
            }
            let json = StoresCheckJSON(stores: checks, problems: checks.filter(\.hasProblems).count)
            try environment.output.result(json) {
                var table = Table([.init(title: "STORE"), .init(title: "INTEGRITY"), .init(title: "SCHEMA")])
                for check in json.stores {
                    let integrity =
                        check.integrity == "ok" || check.integrity == "missing"
                        ? check.integrity : check.integrityProblems.joined(separator: "; ")
                    table.append([check.file, integrity, StoresCommand.schemaText(of: check)])
                }
                environment.output.table(table)
            }
            if json.problems > 0 {
                throw CommandFailure("\(json.problems) store(s) have problems; see the report.")
            }
        }
    }

    /// The SCHEMA column: `current`, `migrates from 1.0.0 to 2.0.0 on next use (1 stage(s))`, …
    static func schemaText(of check: StoreCheckJSON) -> String {
        let detail = check.schemaDetail ?? ""
        switch check.schema {
        case "migrates": return "migrates \(detail)"
        case "recreated": return "recreated on next use: \(detail)"
        case "refused": return "refused: \(detail)"
        default: return check.schema ?? ""
        }
    }

    /// `popcorn stores migrate [--dry-run]`
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Migrate the user-data stores to the current schema, or show what that would do.")
        @Flag(help: "Print the stages and their SQL without changing the stores.") var dryRun = false
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let locations = environment.locations
            let stores = StoreCatalog.current.all.filter {
                $0.kind == .userData && FileManager.default.fileExists(atPath: $0.url(in: locations).path)
            }
            var migrations: [StoreMigrationJSON] = []
            for store in stores {
                let migration = try migrate(store, in: locations)
                migrations.append(migration)
                // People see each store as it is done; scripts get everything at the end,
                // or nothing when a store fails.
                if !environment.output.json { print(Self.text(of: migration)) }
            }
            // Only up-to-date stores get here read-only (migrating one is refused): said once
            // every store is done, so that a failure stays one line.
            StoreInspector.noteReadOnly(
                files: stores.filter { !StoreFile(url: $0.url(in: locations)).isWritable }.map(\.fileName),
                output: environment.output)
            if environment.output.json {
                try environment.output.result(StoresMigrateJSON(dryRun: dryRun, stores: migrations)) {}
            } else if stores.isEmpty {
                print("No user-data store exists yet; nothing to migrate.")
            }
        }

        /// What migrating `store` does, or did. A store at the current version is only
        /// read, so that an up-to-date store in a read-only folder is reported as such.
        private func migrate(_ store: StoreDescription, in locations: StoreLocations) throws -> StoreMigrationJSON {
            let file = StoreFile(url: store.url(in: locations))
            let inspection = file.inspect(expecting: store.schema, migrationPlan: store.migrationPlan)
            let upToDate = StoreMigrationJSON(
                name: store.name, file: store.fileName, upToDate: true,
                fromVersion: store.schema.version.description, toVersion: store.schema.version.description,
                stages: [], backup: nil)
            if inspection.state == .ok { return upToDate }
            if !dryRun { try UserStoreAccess.requireWritable(store, at: file.url) }
            let report: MigrationReport?
            do {
                if dryRun {
                    report = try ModelContainer.dryRunMigration(
                        for: store.schema, migrationPlan: store.migrationPlan,
                        configuration: store.configuration(in: locations))
                } else {
                    let progress = ProgressBar(label: store.name, storeRows: inspection.totalRowCount)
                    let container = try ModelContainer(
                        for: store.schema, migrationPlan: store.migrationPlan,
                        configurations: [store.configuration(in: locations)], migrationObserver: progress.observe)
                    progress.finish()
                    report = container.migrationReport
                }
            } catch {
                throw CommandFailure.storeRefused(
                    "\(store.fileName) cannot be migrated and was left as it was: \(error)")
            }
            return report.map { StoreMigrationJSON(name: store.name, file: store.fileName, report: $0) } ?? upToDate
        }

        static func text(of migration: StoreMigrationJSON) -> String {
            guard !migration.upToDate else {
                return "\(migration.file): The store is up to date (version \(migration.toVersion))."
            }
            var lines = [
                "\(migration.file): Migration from \(migration.fromVersion ?? "an unversioned store") to \(migration.toVersion):"
            ]
            for (index, stage) in migration.stages.enumerated() {
                lines.append("\(index + 1). \(stage.description)\(stage.hasCustomCode ? " (with custom code)" : "")")
                lines += stage.statements.map { "   \($0);" }
            }
            if let backup = migration.backup { lines.append("Backup written to \(backup)") }
            return lines.joined(separator: "\n")
        }
    }

    /// `popcorn stores backup STORE`
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a user-data store (watchlist or history) to a backup file beside it.")
        @Argument(help: "watchlist or history (or the store's file name).") var store: String
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let description = try StoreCatalog.current.store(named: store)
            guard description.kind == .userData else {
                throw CommandFailure(
                    "\(description.fileName) is a cache; only user-data stores are backed up.", status: .usage)
            }
            let storeURL = description.url(in: environment.locations)
            guard FileManager.default.fileExists(atPath: storeURL.path) else {
                throw CommandFailure.notFound("\(storeURL.lastPathComponent) does not exist yet at \(storeURL.path).")
            }
            // The backup is written beside the store.
            let folder = storeURL.deletingLastPathComponent().path
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw CommandFailure.storeRefused(
                    "Cannot back up the \(description.name): \(folder) is read-only, and the backup is written "
                        + "beside the store; nothing was changed.")
            }
            let url: URL
            do {
                url = try StoreFile(url: storeURL).backup(label: "manual")
            } catch {
                throw CommandFailure.storeRefused("Cannot back up \(description.fileName): \(error)")
            }
            let json = StoreBackupJSON(name: description.name, file: description.fileName, backup: url.path)
            try environment.output.result(json) { print("Backed up \(json.file) to \(json.backup)") }
        }
    }

    /// `popcorn stores restore STORE FILE`
    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a user-data store with a backup, keeping the current store as a backup too.")
        @Argument(help: "watchlist or history (or the store's file name).") var store: String
        @Argument(help: "The backup file to restore.") var file: String
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let description = try StoreCatalog.current.store(named: store)
            guard description.kind == .userData else {
                throw CommandFailure(
                    "\(description.fileName) is a cache; caches are not restored, they are refetched.", status: .usage)
            }
            let source = URL(fileURLWithPath: file)
            guard FileManager.default.fileExists(atPath: source.path) else {
                throw CommandFailure.notFound("No file at \(source.path).")
            }
            try UserStoreAccess.requireWritable(description, at: description.url(in: environment.locations))
            do {
                // The backup must be a store this program can open (now or after migrating).
                _ = try ModelContainer.dryRunMigration(
                    for: description.schema, migrationPlan: description.migrationPlan,
                    configuration: ModelConfiguration(url: source, cloudKitDatabase: description.cloudKitDatabase))
            } catch {
                throw CommandFailure.storeRefused(
                    "\(source.path) cannot be restored as \(description.fileName): \(error)")
            }
            let kept: URL?
            do {
                kept = try StoreFile(url: description.url(in: environment.locations)).restore(from: source)
            } catch {
                throw CommandFailure.storeRefused("Cannot restore \(description.fileName): \(error)")
            }
            let json = StoreRestoreJSON(
                name: description.name, file: description.fileName, restoredFrom: source.path,
                previousStoreKeptAt: kept?.path)
            try environment.output.result(json) {
                var message = "Restored \(json.file) from \(json.restoredFrom)."
                if let kept = json.previousStoreKeptAt { message += " The previous store was kept at \(kept)." }
                print(message)
            }
        }
    }

    /// `popcorn stores reset-caches`
    struct ResetCaches: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete the cache stores; they are refetched when needed. User data is not touched.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            var removed: [String] = []
            for store in StoreCatalog.current.all where store.kind == .cache {
                let files = StoreFile(url: store.url(in: environment.locations))
                if files.exists { removed.append(store.fileName) }
                files.removeFiles()
            }
            try environment.output.result(CachesResetJSON(removed: removed)) {
                print(
                    removed.isEmpty
                        ? "There were no caches to remove." : "Removed " + removed.joined(separator: ", ") + ".")
            }
        }
    }
}

/// Whether a store's schema is current, read-only.
enum StoreChecks {
    struct SchemaState {
        /// `current`, `migrates`, `recreated` or `refused`.
        let state: String
        let detail: String?
        let isProblem: Bool
    }

    static func schema(of store: StoreDescription, in locations: StoreLocations) -> SchemaState {
        do {
            let report = try ModelContainer.dryRunMigration(
                for: store.schema, migrationPlan: store.migrationPlan, configuration: store.configuration(in: locations)
            )
            if report.isUpToDate { return SchemaState(state: "current", detail: nil, isProblem: false) }
            let from = report.storeVersion.map { "from \($0) " } ?? ""
            return SchemaState(
                state: "migrates",
                detail: "\(from)to \(report.targetVersion) on next use (\(report.stages.count) stage(s))",
                isProblem: false)
        } catch {
            // A cache that cannot be migrated is recreated on next use; a user store is refused.
            return store.kind == .cache
                ? SchemaState(state: "recreated", detail: "\(error)", isProblem: false)
                : SchemaState(state: "refused", detail: "\(error)", isProblem: true)
        }
    }
}
