import Foundation
import GRDB
import OpenSwiftData

/// Fetch every row of the `insertRows` store into objects or structs, and read one
/// property of each; best of the repetitions, each on a new context (no object is reused).
enum FetchAllWorkload {
    static let selectSQL = #"SELECT "_pk", "number", "title" FROM "Item" ORDER BY "_pk""#

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "items-small")
        var best = Double.infinity
        var check = 0
        let repeated = { (pass: () throws -> Int) throws in
            for _ in 0..<scale.repetitions {
                best = try min(best, Clock.time { check = try pass() })
            }
        }
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            try repeated {
                let context = ModelContext(container)
                let items = try context.fetch(FetchDescriptor<Item>())
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            try repeated {
                let items = try pool.read { db in
                    var items: [ItemValue] = []
                    let rows = try Row.fetchCursor(db, sql: selectSQL)
                    while let row = try rows.next() {
                        items.append(ItemValue(id: row[0], number: row[1], title: row[2]))
                    }
                    return items
                }
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .grdbObjects:
            // Each implementation's loop is written out, as its user would write it: through a
            // shared helper, each row's object is made by a closure call (25 instructions more
            // per row).
            let pool = try GRDBStore.pool(url)
            try repeated {
                let items = try pool.read { db in
                    var items: [ItemObject] = []
                    let rows = try Row.fetchCursor(db, sql: selectSQL)
                    while let row = try rows.next() {
                        items.append(ItemObject(id: row[0], row: row, registry: nil))
                    }
                    return items
                }
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .grdbObjectsByKey:
            let pool = try GRDBStore.pool(url)
            try repeated {
                let registry = ItemRegistry()
                let items = try pool.read { db in
                    var items: [ItemObject] = []
                    let rows = try Row.fetchCursor(db, sql: selectSQL)
                    while let row = try rows.next() {
                        items.append(registry.object(for: row))
                    }
                    return items
                }
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .grdbBufferObjects:
            let pool = try GRDBStore.pool(url)
            try repeated {
                let items = try pool.read { db in try ItemRowBuffer.objects(of: try db.makeStatement(sql: selectSQL)) }
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .grdbTrackedObjects:
            let pool = try GRDBStore.pool(url)
            try repeated {
                let context = TrackedItemContext()
                let items = try pool.read { db in try context.objects(of: try db.cachedStatement(sql: selectSQL)) }
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .grdbRecords:
            let pool = try GRDBStore.pool(url)
            try repeated {
                let items = try pool.read { db in try ItemRecord.order(Column("_pk")).fetchAll(db) }
                return items.reduce(items.count) { $0 + $1.number }
            }
        case .c:
            let db = try CDatabase(path: url.path)
            try repeated {
                let select = try db.prepare(selectSQL)
                var items: [ItemValue] = []
                while try select.step() {
                    items.append(select.item())
                }
                return items.reduce(items.count) { $0 + $1.number }
            }
        default:
            throw BenchmarkError.notAContender("fetch-all", implementation)
        }
        return (best, check)
    }
}
