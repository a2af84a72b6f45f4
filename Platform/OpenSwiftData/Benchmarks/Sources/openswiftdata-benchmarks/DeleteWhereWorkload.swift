import Foundation
import GRDB
import OpenSwiftData

/// Deletes every row of a `largeRows` store matching a predicate (all of them), each
/// implementation on a store of its own: OSD through `delete(model:where:)` and `save()`,
/// which run in SQL (the rows are never read as models); the baselines run one `DELETE`
/// in one transaction. The figure that matters is OSD's peak memory: it must not grow
/// with the rows deleted.
enum DeleteWhereWorkload {
    static let deleteSQL = #"DELETE FROM "Item" WHERE "number" >= 0"#

    static func store(_ folder: URL, _ implementation: Implementation) -> URL {
        Setup.file(folder, "items-delete-\(implementation.rawValue)")
    }

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = store(folder, implementation)
        let elapsed: Double
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            elapsed = try Clock.time {
                try context.delete(model: Item.self, where: #Predicate { $0.number >= 0 })
                try context.save()
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            elapsed = try Clock.time { try pool.write { db in try db.execute(sql: deleteSQL) } }
        case .c:
            let db = try CDatabase(path: url.path)
            elapsed = try Clock.time {
                try db.execute("BEGIN")
                try db.execute(deleteSQL)
                try db.execute("COMMIT")
            }
        default:
            throw BenchmarkError.notAContender("delete-where", implementation)
        }
        let remaining = try GRDBStore.pool(url).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Item") }
        return (elapsed, remaining ?? -1)
    }
}
