import Foundation
import GRDB
import OpenSwiftData

/// Add an optional attribute to a version-1 store: OpenSwiftData opens it with the
/// version-2 schema (inferred lightweight migration, or the plan's lightweight stage,
/// which writes a backup first); raw GRDB and C run `ALTER TABLE … ADD COLUMN`. One run
/// per store copy.
enum LightweightMigrationWorkload {
    static func run(
        _ implementation: Implementation, folder: URL, size: String, planned: Bool
    ) throws -> (Double, Int) {
        let name =
            planned ? "entries-\(size)-lightweight-plan" : "entries-\(size)-lightweight-\(implementation.rawValue)"
        let url = Setup.file(folder, name)
        let elapsed: Double
        switch implementation {
        case .osd:
            elapsed = try Clock.time {
                _ = try ModelContainer(
                    for: Schema(versionedSchema: EntriesV2.self),
                    migrationPlan: planned ? EntriesLightweightPlan.self : nil,
                    configurations: [ModelConfiguration(url: url)])
            }
        default:
            elapsed = try addNote(implementation, table: "Entry", url: url)
        }
        return (elapsed, try noteCheck(table: "Entry", url: url))
    }

    /// What hand-written code runs for an add-column migration: `ALTER TABLE … ADD COLUMN`
    /// in a write transaction. Returns the time it took.
    static func addNote(_ implementation: Implementation, table: String, url: URL) throws -> Double {
        let sql = #"ALTER TABLE "\#(table)" ADD COLUMN "note" TEXT"#
        switch implementation {
        case .grdb:
            let pool = try GRDBStore.pool(url)
            return try Clock.time { try pool.write { db in try db.execute(sql: sql) } }
        case .c:
            let db = try CDatabase(path: url.path)
            return try Clock.time { try db.execute("BEGIN IMMEDIATE; \(sql); COMMIT") }
        default:
            throw BenchmarkError.notAContender("add column", implementation)
        }
    }

    /// The rows and the notes set after the migration: equal for every implementation.
    static func noteCheck(table: String, url: URL) throws -> Int {
        try DatabaseQueue(path: url.path).read { db in
            try Int.fetchOne(db, sql: #"SELECT count(*) + count("note") FROM "\#(table)""#) ?? 0
        }
    }
}
