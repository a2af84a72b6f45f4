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
        case .grdb:
            let pool = try GRDBStore.pool(url)
            elapsed = try Clock.time {
                try pool.write { db in try db.execute(sql: #"ALTER TABLE "Entry" ADD COLUMN "note" TEXT"#) }
            }
        case .c:
            let db = try CDatabase(path: url.path)
            elapsed = try Clock.time {
                try db.execute(#"BEGIN IMMEDIATE; ALTER TABLE "Entry" ADD COLUMN "note" TEXT; COMMIT"#)
            }
        default:
            throw BenchmarkError.notAContender("lightweight", implementation)
        }
        let check = try DatabaseQueue(path: url.path).read { db in
            try Int.fetchOne(db, sql: #"SELECT count(*) + count("note") FROM "Entry""#) ?? 0
        }
        return (elapsed, check)
    }
}
