import Foundation
import GRDB
import OpenSwiftData

/// `lookups` point lookups by equality on the indexed `number`, on the `largeRows` store
/// (each key matches one row). OSD fetches through `FetchDescriptor` + `#Predicate` +
/// `fetchLimit = 1`, each fetch its own read; the baselines run every lookup of a pass in
/// one read transaction with one cached or prepared statement; the reference rows are the
/// reference rows are simpler code, a read per lookup. After a warm-up of 100 lookups, the best of
/// `repetitions` passes; the figure is the total for all lookups.
enum LookupWorkload {
    static let selectSQL = #"SELECT "_pk", "number", "title" FROM "Item" WHERE "number" = ?"#

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "items-large")
        let keys = Rows.lookupKeys(count: scale.lookups, among: scale.largeRows)
        let warmUp = Array(keys.prefix(100))
        var check = 0
        // A pass over `keys`: the sum of the titles' lengths it found.
        let pass: ([Int]) throws -> Int
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            pass = { keys in
                try keys.reduce(0) { total, key in
                    var descriptor = FetchDescriptor<Item>(predicate: #Predicate { $0.number == key })
                    descriptor.fetchLimit = 1
                    return try total + context.fetch(descriptor).reduce(0) { $0 + $1.title.count }
                }
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            pass = { keys in
                try pool.read { db in
                    try keys.reduce(0) { total, key in
                        let statement = try db.cachedStatement(sql: selectSQL)
                        guard let row = try Row.fetchOne(statement, arguments: [key]) else { return total }
                        return total + ItemValue(id: row[0], number: row[1], title: row[2]).title.count
                    }
                }
            }
        case .grdbReadPerLookup:
            let pool = try GRDBStore.pool(url)
            pass = { keys in
                try keys.reduce(0) { total, key in
                    try total
                        + pool.read { db in
                            let statement = try db.cachedStatement(sql: selectSQL)
                            return try ItemRecord.fetchAll(statement, arguments: [key]).reduce(0) {
                                $0 + $1.title.count
                            }
                        }
                }
            }
        case .c, .cReadPerLookup:
            let db = try CDatabase(path: url.path)
            let select = try db.prepare(selectSQL)
            let oneRead = implementation == .c
            pass = { keys in
                // A deferred BEGIN starts the read transaction at the first SELECT.
                if oneRead { try db.execute("BEGIN") }
                let total = try keys.reduce(0) { total, key in
                    select.bind(1, key)
                    defer { select.reset() }
                    if oneRead {
                        return try select.step() ? total + select.item().title.count : total
                    }
                    // The reference code: every row of the statement, into an array.
                    var found: [ItemValue] = []
                    while try select.step() { found.append(select.item()) }
                    return total + found.reduce(0) { $0 + $1.title.count }
                }
                if oneRead { try db.execute("COMMIT") }
                return total
            }
        default:
            throw BenchmarkError.notAContender("lookup", implementation)
        }
        _ = try pass(warmUp)
        var best = Double.infinity
        for _ in 0..<scale.repetitions {
            best = min(best, try Clock.time { check = try pass(keys) })
        }
        return (best, check)
    }
}
