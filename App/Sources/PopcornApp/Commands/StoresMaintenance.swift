import ArgumentParser
import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

extension StoresCommand {
    /// `popcorn stores check`: SQLite's integrity check and the schema check, read-only.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check each store's integrity and whether its schema is current; changes nothing.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            var table = Table([
                .init(key: "store", title: "STORE"), .init(key: "integrity", title: "INTEGRITY"),
                .init(key: "schema", title: "SCHEMA"),
            ])
            var problems = 0
            for store in StoreCatalog.current.all {
                let url = store.url(in: environment.locations)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    table.append([store.fileName, "missing", ""])
                    continue
                }
                let integrity = StoreInspector.integrity(of: url)
                let schema = StoreChecks.schema(of: store, in: environment.locations)
                if integrity != "ok" || schema.isProblem { problems += 1 }
                table.append([store.fileName, integrity, schema.text])
            }
            environment.output.table(table)
            if problems > 0 {
                throw CommandFailure("\(problems) store(s) have problems; see above.")
            }
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
            if stores.isEmpty {
                environment.output.message("No user-data store exists yet; nothing to migrate.")
                return
            }
            for store in stores {
                let report: MigrationReport?
                do {
                    if dryRun {
                        report = try ModelContainer.dryRunMigration(
                            for: store.schema, migrationPlan: store.migrationPlan,
                            configuration: store.configuration(in: locations))
                    } else {
                        let rows = StoreInspector.inspect(store, in: locations).totalRows
                        let progress = ProgressBar(label: store.name, storeRows: rows)
                        let container = try ModelContainer(
                            for: store.schema, migrationPlan: store.migrationPlan,
                            configurations: [store.configuration(in: locations)], migrationObserver: progress.observe)
                        progress.finish()
                        report = container.migrationReport
                    }
                } catch {
                    throw CommandFailure(
                        "\(store.fileName) cannot be migrated and was left as it was: \(error)")
                }
                guard let report else {
                    print("\(store.fileName): The store is up to date (version \(store.schema.version)).")
                    continue
                }
                print("\(store.fileName): " + report.description)
                if let backup = report.backupPath { print("Backup written to \(backup)") }
            }
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
                throw CommandFailure("\(description.fileName) is a cache; only user-data stores are backed up.")
            }
            let storeURL = description.url(in: environment.locations)
            guard FileManager.default.fileExists(atPath: storeURL.path) else {
                throw CommandFailure("\(storeURL.lastPathComponent) does not exist yet at \(storeURL.path).")
            }
            let url: URL
            do {
                url = try StoreFile(url: storeURL).backup(label: "manual")
            } catch {
                throw CommandFailure("Cannot back up \(description.fileName): \(error)")
            }
            environment.output.message("Backed up \(description.fileName) to \(url.path)")
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
                throw CommandFailure("\(description.fileName) is a cache; caches are not restored, they are refetched.")
            }
            let source = URL(fileURLWithPath: file)
            guard FileManager.default.fileExists(atPath: source.path) else {
                throw CommandFailure("No file at \(source.path).")
            }
            do {
                // The backup must be a store this program can open (now or after migrating).
                _ = try ModelContainer.dryRunMigration(
                    for: description.schema, migrationPlan: description.migrationPlan,
                    configuration: ModelConfiguration(url: source, cloudKitDatabase: description.cloudKitDatabase))
            } catch {
                throw CommandFailure("\(source.path) cannot be restored as \(description.fileName): \(error)")
            }
            let kept: URL?
            do {
                kept = try StoreFile(url: description.url(in: environment.locations)).restore(from: source)
            } catch {
                throw CommandFailure("Cannot restore \(description.fileName): \(error)")
            }
            var message = "Restored \(description.fileName) from \(source.path)."
            if let kept { message += " The previous store was kept at \(kept.path)." }
            environment.output.message(message)
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
            environment.output.message(
                removed.isEmpty ? "There were no caches to remove." : "Removed " + removed.joined(separator: ", ") + "."
            )
        }
    }
}

/// Whether a store's schema is current, read-only.
enum StoreChecks {
    struct SchemaState {
        let text: String
        let isProblem: Bool
    }

    static func schema(of store: StoreDescription, in locations: StoreLocations) -> SchemaState {
        do {
            let report = try ModelContainer.dryRunMigration(
                for: store.schema, migrationPlan: store.migrationPlan, configuration: store.configuration(in: locations)
            )
            if report.isUpToDate { return SchemaState(text: "current", isProblem: false) }
            let from = report.storeVersion.map { "from \($0) " } ?? ""
            return SchemaState(
                text: "migrates \(from)to \(report.targetVersion) on next use (\(report.stages.count) stage(s))",
                isProblem: false)
        } catch {
            // A cache that cannot be migrated is recreated on next use; a user store is refused.
            let text = store.kind == .cache ? "recreated on next use: \(error)" : "refused: \(error)"
            return SchemaState(text: text, isProblem: store.kind == .userData)
        }
    }
}
