import ArgumentParser
import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// `popcorn stores …`: look after the stores.
struct StoresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stores",
        abstract: "Inspect, check, back up and migrate the stores.",
        subcommands: [Status.self, Check.self, Migrate.self, Backup.self, Restore.self, ResetCaches.self],
        defaultSubcommand: Status.self
    )

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show popcorn's version and each store's file, kind, version, size and rows.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let locations = environment.locations
            let json = StoresStatusJSON(
                popcornVersion: PopcornVersion.current, dataDirectory: locations.dataDirectory.path,
                cacheDirectory: locations.cacheDirectory.path,
                stores: StoreCatalog.current.all.map { StoreInspector.status(of: $0, in: locations) })
            StoreInspector.noteReadOnly(json.stores, output: environment.output)
            try environment.output.result(json) {
                print("popcorn \(json.popcornVersion)")
                for store in json.stores {
                    print("")
                    environment.output.record(Self.fields(of: store))
                }
            }
        }

        static func fields(of store: StoreStatusJSON) -> [(label: String, value: String)] {
            let unversioned = store.state == "ok" ? "unversioned" : ""
            var state = store.problem.map { "\(store.state): \($0)" } ?? store.state
            if store.state != "missing", !store.writable { state += " (read-only)" }
            return [
                ("Store", store.file),
                ("Folder", URL(fileURLWithPath: store.path).deletingLastPathComponent().path),
                ("Kind", store.kind == "cache" ? "cache" : "user data"),
                ("CloudKit", store.cloudKitContainer.map { "private(\($0))" } ?? "none"),
                ("Version", store.schemaVersion ?? unversioned),
                ("Size", store.sizeBytes.map(Formatting.bytes) ?? ""),
                ("Rows", store.rows.map { "\($0.entity) \($0.count)" }.joined(separator: ", ")),
                ("State", state),
            ]
        }
    }
}
