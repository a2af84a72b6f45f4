import Foundation
import GRDB
import OpenSwiftData

/// Add `note` and backfill it on every row of the `largeRows` store: OpenSwiftData runs
/// the custom stage of `EntriesBackfillPlan` (backup, then 10,000 models a page); raw
/// GRDB and C add the column and run a prepared `UPDATE` per row over a cursor, in one
/// transaction. One run per store copy.
enum CustomMigrationWorkload {
    static func run(_ implementation: Implementation, folder: URL) throws -> (Double, Int) {
        let url = Setup.file(folder, "entries-large-custom-\(implementation.rawValue)")
        let elapsed: Double
        switch implementation {
        case .osd:
            elapsed = try Clock.time {
                _ = try ModelContainer(
                    for: Schema(versionedSchema: EntriesV2.self), migrationPlan: EntriesBackfillPlan.self,
                    configurations: [ModelConfiguration(url: url)])
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            elapsed = try Clock.time {
                try pool.write { db in
                    try db.execute(sql: #"ALTER TABLE "Entry" ADD COLUMN "note" TEXT"#)
                    let update = try db.makeStatement(sql: #"UPDATE "Entry" SET "note" = ? WHERE "_pk" = ?"#)
                    let rows = try Row.fetchCursor(db, sql: #"SELECT "_pk", "number" FROM "Entry""#)
                    while let row = try rows.next() {
                        let key: Int64 = row[0]
                        let number: Int = row[1]
                        try update.execute(arguments: [Backfill.note(number), key])
                    }
                }
            }
        case .c:
            let db = try CDatabase(path: url.path)
            elapsed = try Clock.time {
                try db.execute(#"BEGIN IMMEDIATE; ALTER TABLE "Entry" ADD COLUMN "note" TEXT"#)
                let select = try db.prepare(#"SELECT "_pk", "number" FROM "Entry""#)
                let update = try db.prepare(#"UPDATE "Entry" SET "note" = ? WHERE "_pk" = ?"#)
                while try select.step() {
                    update.bind(1, Backfill.note(select.int(1)))
                    update.bind(2, select.int(0))
                    _ = try update.step()
                    update.reset()
                }
                select.reset()
                try db.execute("COMMIT")
            }
        default:
            throw BenchmarkError.notAContender("custom", implementation)
        }
        let check = try DatabaseQueue(path: url.path).read { db in
            try Int.fetchOne(db, sql: #"SELECT count(*) + sum(length("note")) FROM "Entry""#) ?? 0
        }
        return (elapsed, check)
    }
}
