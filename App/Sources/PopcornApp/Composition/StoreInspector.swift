import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// Reads stores through OpenSwiftData's `StoreFile`, without writing to them (a store in
/// a read-only folder is read all the same).
enum StoreInspector {
    /// What a store file holds, as `stores status` shows it: any readable store is `ok`
    /// (`stores check` says whether it will migrate).
    static func status(of store: StoreDescription, in locations: StoreLocations) -> StoreStatusJSON {
        let file = StoreFile(url: store.url(in: locations))
        let inspection = file.inspect(expecting: store.schema, migrationPlan: store.migrationPlan)
        let (state, problem): (String, String?) =
            switch inspection.state {
            case .missing: ("missing", nil)
            case .empty: inspection.fileSize == 0 ? ("empty", nil) : ("notAPopcornStore", nil)
            case .notAModelStore: ("notAPopcornStore", nil)
            case .damaged(let reason): ("unreadable", reason)
            case .ok, .needsMigration, .newer, .unknownVersion: ("ok", nil)
            }
        let rows = inspection.isModelStore ? inspection.entities : []
        return StoreStatusJSON(
            name: store.name, file: store.fileName, path: file.path,
            kind: store.kind == .cache ? "cache" : "userData",
            cloudKitContainer: store.cloudKitDatabase.containerIdentifier, state: state, problem: problem,
            schemaVersion: inspection.isModelStore ? inspection.schemaVersion?.description : nil,
            sizeBytes: inspection.fileSize,
            rows: rows.map { EntityRowsJSON(entity: $0.entity, count: $0.rowCount) },
            totalRows: inspection.totalRowCount, writable: file.isWritable)
    }

    /// SQLite's integrity check, read-only: `ok`, `problems` with SQLite's first
    /// messages, `unreadable` with the reason, or `missing`.
    static func integrity(of url: URL) -> (state: String, problems: [String]) {
        guard FileManager.default.fileExists(atPath: url.path) else { return ("missing", []) }
        switch StoreFile(url: url).checkIntegrity() {
        case .ok: return ("ok", [])
        case .problems(let problems): return ("problems", Array(problems.prefix(3)))
        case .unreadable(let reason): return ("unreadable", [reason])
        }
    }

    /// One note on standard error when some existing stores cannot be written, so that
    /// a person knows changes to them (migrating, restoring) will be refused.
    static func noteReadOnly(_ stores: [StoreStatusJSON], output: Output) {
        noteReadOnly(files: stores.filter { $0.state != "missing" && !$0.writable }.map(\.file), output: output)
    }

    /// One note on standard error naming the existing store files that cannot be
    /// written; nothing when there are none.
    static func noteReadOnly(files readOnly: [String], output: Output) {
        guard !readOnly.isEmpty else { return }
        output.note(
            readOnly.joined(separator: ", ") + (readOnly.count == 1 ? " is" : " are")
                + " read-only; they are shown as they are, and changes cannot be saved.")
    }
}
