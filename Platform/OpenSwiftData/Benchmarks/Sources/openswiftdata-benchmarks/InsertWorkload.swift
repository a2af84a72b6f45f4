import Foundation
import GRDB
import OpenSwiftData

/// Insert `insertRows` small models and save, into an empty store; best of the repetitions.
enum InsertWorkload {
    static let insertSQL = #"INSERT INTO "Item" ("number", "title") VALUES (?, ?)"#

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let rows = scale.insertRows
        var best = Double.infinity
        for repetition in 0..<scale.repetitions {
            let url = Setup.file(folder, "insert-\(implementation.rawValue)-\(repetition)")
            let elapsed: Double
            switch implementation {
            case .osd:
                let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
                let context = ModelContext(container)
                elapsed = try Clock.time {
                    for index in 0..<rows {
                        context.insert(Item(number: Rows.number(index, of: rows), title: Rows.title(index)))
                    }
                    try context.save()
                }
            case .grdb:
                let pool = try GRDBStore.pool(url)
                elapsed = try Clock.time {
                    try pool.write { db in
                        let insert = try db.makeStatement(sql: insertSQL)
                        for index in 0..<rows {
                            try insert.execute(arguments: [Rows.number(index, of: rows), Rows.title(index)])
                        }
                    }
                }
            case .grdbRecords:
                let pool = try GRDBStore.pool(url)
                elapsed = try Clock.time {
                    try pool.write { db in
                        for index in 0..<rows {
                            var record = ItemRecord(
                                id: nil, number: Rows.number(index, of: rows), title: Rows.title(index))
                            try record.insert(db)
                        }
                    }
                }
            case .c:
                let db = try CDatabase(path: url.path)
                elapsed = try Clock.time {
                    let insert = try db.prepare(insertSQL)
                    try db.execute("BEGIN IMMEDIATE")
                    for index in 0..<rows {
                        insert.bind(1, Rows.number(index, of: rows))
                        insert.bind(2, Rows.title(index))
                        _ = try insert.step()
                        insert.reset()
                    }
                    try db.execute("COMMIT")
                }
            default:
                throw BenchmarkError.notAContender("insert", implementation)
            }
            best = min(best, elapsed)
        }
        let check = try GRDBStore.pool(Setup.file(folder, "insert-\(implementation.rawValue)-0")).read { db in
            try Int.fetchOne(db, sql: #"SELECT count(*) + sum("number") FROM "Item""#) ?? 0
        }
        return (best, check)
    }
}
