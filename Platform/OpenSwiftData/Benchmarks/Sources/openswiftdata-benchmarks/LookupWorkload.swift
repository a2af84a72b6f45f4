import Foundation
import GRDB
import OpenSwiftData

/// `lookups` fetches by equality on the indexed `number`, on the `largeRows` store; each
/// lookup is its own read (as an app's separate fetches are). After a warm-up of 100
/// lookups, the best of `repetitions` passes; the figure is the total for all lookups.
enum LookupWorkload {
    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "items-large")
        let keys = Rows.lookupKeys(count: scale.lookups, among: scale.largeRows)
        let warmUp = Array(keys.prefix(100))
        var check = 0
        let elapsed: Double
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            let lookUp = { (key: Int) throws -> Int in
                let found = try context.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.number == key }))
                return found.reduce(0) { $0 + $1.title.count }
            }
            for key in warmUp { _ = try lookUp(key) }
            elapsed = try best(scale) { check = try keys.reduce(0) { try $0 + lookUp($1) } }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            let lookUp = { (key: Int) throws -> Int in
                try pool.read { db in
                    let statement = try db.cachedStatement(sql: #"SELECT * FROM "Item" WHERE "number" = ?"#)
                    return try ItemRecord.fetchAll(statement, arguments: [key]).reduce(0) { $0 + $1.title.count }
                }
            }
            for key in warmUp { _ = try lookUp(key) }
            elapsed = try best(scale) { check = try keys.reduce(0) { try $0 + lookUp($1) } }
        case .c:
            let db = try CDatabase(path: url.path)
            let select = try db.prepare(#"SELECT "_pk", "number", "title" FROM "Item" WHERE "number" = ?"#)
            let lookUp = { (key: Int) throws -> Int in
                select.bind(1, key)
                defer { select.reset() }
                var found: [ItemRecord] = []
                while try select.step() {
                    found.append(ItemRecord(id: Int64(select.int(0)), number: select.int(1), title: select.text(2)))
                }
                return found.reduce(0) { $0 + $1.title.count }
            }
            for key in warmUp { _ = try lookUp(key) }
            elapsed = try best(scale) { check = try keys.reduce(0) { try $0 + lookUp($1) } }
        }
        return (elapsed, check)
    }

    private static func best(_ scale: Scale, _ pass: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<scale.repetitions { best = min(best, try Clock.time(pass)) }
        return best
    }
}
