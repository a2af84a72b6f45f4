import ArgumentParser
import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// One store's status for `--json`.
struct StoreStatusJSON: Encodable {
    let store: String
    let path: String
    let kind: String
    let cloudKit: String
    let version: String?
    let size: Int?
    let rows: [String: Int]
    let state: String

    init(store: StoreDescription, report: StoreReport, locations: StoreLocations) {
        self.store = store.fileName
        path = store.url(in: locations).path
        kind = store.kind.rawValue
        cloudKit = store.cloudKitDatabase.description
        version = report.version
        size = report.size
        rows = Dictionary(report.rows.map { ($0.entity, $0.count) }, uniquingKeysWith: { first, _ in first })
        state = report.state
    }
}

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
            abstract: "Show each store's file, kind, version, size and rows.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let locations = environment.locations
            let stores = StoreCatalog.current.all.map { ($0, StoreInspector.inspect($0, in: locations)) }
            if environment.output.json {
                environment.output.printJSON(
                    stores.map { StoreStatusJSON(store: $0.0, report: $0.1, locations: locations) })
                return
            }
            for (index, (store, report)) in stores.enumerated() {
                if index > 0 { print("") }
                environment.output.record([
                    ("store", "Store", store.fileName),
                    ("folder", "Folder", store.folder(in: locations).path),
                    ("kind", "Kind", store.kind.rawValue),
                    ("cloudKit", "CloudKit", store.cloudKitDatabase.description),
                    ("version", "Version", report.version ?? (report.state == "ok" ? "unversioned" : "")),
                    ("size", "Size", report.size.map(Formatting.bytes) ?? ""),
                    ("rows", "Rows", report.rowsSummary),
                    ("state", "State", report.state),
                ])
            }
        }
    }
}
