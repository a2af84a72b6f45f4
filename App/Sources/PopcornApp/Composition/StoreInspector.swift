import Foundation
import GRDB

/// What a store file holds, read without writing to it.
struct StoreReport: Sendable {
    var state: String
    var version: String?
    var size: Int?
    var rows: [(entity: String, count: Int)] = []

    var rowsSummary: String {
        rows.map { "\($0.entity) \($0.count)" }.joined(separator: ", ")
    }
}

enum StoreInspector {
    /// Reads a store read-only: its version, size and rows per entity, or why it cannot
    /// be read.
    static func inspect(_ store: StoreDescription) -> StoreReport {
        let path = store.url.path
        guard FileManager.default.fileExists(atPath: path) else {
            return StoreReport(state: "missing")
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in
                guard try db.tableExists("openswiftdata_entities") else {
                    return StoreReport(state: size == 0 ? "empty" : "not a Popcorn store", size: size)
                }
                let version = try String.fetchOne(
                    db, sql: "SELECT value FROM openswiftdata_metadata WHERE key = 'schemaVersion'")
                var report = StoreReport(state: "ok", version: version, size: size)
                for entity in try String.fetchAll(db, sql: "SELECT name FROM openswiftdata_entities ORDER BY name") {
                    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(entity)\"") ?? 0
                    report.rows.append((entity, count))
                }
                return report
            }
        } catch let error as DatabaseError {
            return StoreReport(state: "unreadable: \(error.message ?? "\(error.resultCode)")", size: size)
        } catch {
            return StoreReport(state: "unreadable: \(error)", size: size)
        }
    }
}
