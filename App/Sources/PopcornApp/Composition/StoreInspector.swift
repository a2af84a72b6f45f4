import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// The `stores status` and `stores check` output of what ``StoreMaintenance`` finds,
/// and the note on read-only stores.
enum StoreInspector {
    /// What a store file holds, as `stores status` shows it: any readable store is `ok`
    /// (`stores check` says whether it will migrate).
    static func status(of store: StoreDescription, in locations: StoreLocations) -> StoreStatusJSON {
        let status = StoreMaintenance.status(of: store, in: locations)
        let (state, problem): (String, String?) =
            switch status.state {
            case .missing: ("missing", nil)
            case .empty: ("empty", nil)
            case .notAModelStore: ("notAPopcornStore", nil)
            case .unreadable(let reason): ("unreadable", reason)
            case .readable: ("ok", nil)
            }
        return StoreStatusJSON(
            name: store.name, file: store.fileName, path: status.url.path,
            kind: store.kind == .cache ? "cache" : "userData",
            cloudKitContainer: store.cloudKitDatabase.containerIdentifier, state: state, problem: problem,
            schemaVersion: status.schemaVersion?.description, sizeBytes: status.sizeBytes,
            rows: status.rows.map { EntityRowsJSON(entity: $0.entity, count: $0.rowCount) },
            totalRows: status.totalRows, writable: status.isWritable)
    }

    /// The integrity column of `stores check`: the state and SQLite's first messages,
    /// or the reason the file cannot be read.
    static func integrity(_ check: StoreIntegrityCheck) -> (state: String, problems: [String]) {
        switch check {
        case .missing: ("missing", [])
        case .ok: ("ok", [])
        case .problems(let problems): ("problems", problems)
        case .unreadable(let reason): ("unreadable", [reason])
        }
    }

    /// The schema column of `stores check`: `current`, `migrates`, `recreated` or
    /// `refused`, and what it will do or why.
    static func schema(_ check: StoreSchemaCheck) -> (state: String, detail: String?) {
        switch check {
        case .current:
            ("current", nil)
        case .migrates(let from, let to, let stageCount):
            ("migrates", "\(from.map { "from \($0) " } ?? "")to \(to) on next use (\(stageCount) stage(s))")
        case .recreated(let reason): ("recreated", reason)
        case .refused(let reason): ("refused", reason)
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
