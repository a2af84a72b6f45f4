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
                let integrityCheck = StoreMaintenance.checkIntegrity(of: store, in: locations)
                let integrity = StoreInspector.integrity(integrityCheck)
                let schemaCheck =
                    integrityCheck == .missing ? nil : StoreMaintenance.checkSchema(of: store, in: locations)
                let schema = schemaCheck.map(StoreInspector.schema)
                let hasProblems =
                    integrity.state != "ok" && integrity.state != "missing" || schemaCheck?.isProblem == true
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
                files: stores.filter { !StoreWriteAccess.isWritable($0, in: locations) }.map(\.fileName),
                output: environment.output)
            if environment.output.json {
                try environment.output.result(StoresMigrateJSON(dryRun: dryRun, stores: migrations)) {}
            } else if stores.isEmpty {
                print("No user-data store exists yet; nothing to migrate.")
            }
        }

        /// What migrating `store` does, or did, with a progress bar while it runs.
        private func migrate(_ store: StoreDescription, in locations: StoreLocations) throws -> StoreMigrationJSON {
            var progress: ProgressBar?
            let outcome = try StoreMaintenance.migrate(store, in: locations, dryRun: dryRun) { storeRows in
                let bar = ProgressBar(label: store.name, storeRows: storeRows)
                progress = bar
                return bar.observe
            }
            progress?.finish()
            switch outcome {
            case .upToDate(let version):
                return StoreMigrationJSON(
                    name: store.name, file: store.fileName, upToDate: true, fromVersion: version.description,
                    toVersion: version.description, stages: [], backup: nil)
            case .migrated(let report):
                return StoreMigrationJSON(name: store.name, file: store.fileName, report: report)
            }
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
            let url = try StoreMaintenance.backup(description, in: environment.locations)
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
            let source = URL(fileURLWithPath: file)
            let kept = try StoreMaintenance.restore(description, in: environment.locations, from: source)
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
            let removed = StoreMaintenance.removeCaches(StoreCatalog.current.all, in: environment.locations)
                .map(\.fileName)
            try environment.output.result(CachesResetJSON(removed: removed)) {
                print(
                    removed.isEmpty
                        ? "There were no caches to remove." : "Removed " + removed.joined(separator: ", ") + ".")
            }
        }
    }
}
