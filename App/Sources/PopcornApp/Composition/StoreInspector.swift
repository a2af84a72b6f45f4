import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// What a store file holds, as `stores status` shows it.
struct StoreReport: Sendable {
    var state: String
    var version: String?
    var size: Int?
    var rows: [(entity: String, count: Int)] = []

    var rowsSummary: String {
        rows.map { "\($0.entity) \($0.count)" }.joined(separator: ", ")
    }

    var totalRows: Int { rows.reduce(0) { $0 + $1.count } }
}

/// Reads stores through OpenSwiftData's `StoreFile`, without writing to them.
enum StoreInspector {
    /// A store's version, size and rows per entity, or why it cannot be read.
    static func inspect(_ store: StoreDescription, in locations: StoreLocations) -> StoreReport {
        let inspection = StoreFile(url: store.url(in: locations))
            .inspect(expecting: store.schema, migrationPlan: store.migrationPlan)
        var report = StoreReport(state: state(of: inspection), size: inspection.fileSize)
        if inspection.isModelStore {
            report.version = inspection.schemaVersion?.description
            report.rows = inspection.entities.map { ($0.entity, $0.rowCount) }
        }
        return report
    }

    /// The state as `stores status` has always named it: any readable store is `ok`
    /// (`stores check` says whether it will migrate).
    private static func state(of inspection: StoreInspection) -> String {
        switch inspection.state {
        case .missing: "missing"
        case .empty: inspection.fileSize == 0 ? "empty" : "not a Popcorn store"
        case .notAModelStore: "not a Popcorn store"
        case .damaged(let reason): "unreadable: \(reason)"
        case .ok, .needsMigration, .newer, .unknownVersion: "ok"
        }
    }

    /// SQLite's integrity check, read-only: `ok`, SQLite's first problems, or why the
    /// file cannot be read.
    static func integrity(of url: URL) -> String {
        switch StoreFile(url: url).checkIntegrity() {
        case .ok: "ok"
        case .problems(let problems): problems.prefix(3).joined(separator: "; ")
        case .unreadable(let reason): "damaged: \(reason)"
        }
    }
}
