import Foundation
import GRDB
import OpenSwiftData

/// Fetch every row of the `insertRows` store into objects, and read one property of each;
/// best of the repetitions, each on a new context (no object is reused).
enum FetchAllWorkload {
    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "items-small")
        var best = Double.infinity
        var check = 0
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            for _ in 0..<scale.repetitions {
                best = try min(
                    best,
                    Clock.time {
                        let context = ModelContext(container)
                        let items = try context.fetch(FetchDescriptor<Item>())
                        check = items.reduce(items.count) { $0 + $1.number }
                    })
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            for _ in 0..<scale.repetitions {
                best = try min(
                    best,
                    Clock.time {
                        let items = try pool.read { db in try ItemRecord.order(Column("_pk")).fetchAll(db) }
                        check = items.reduce(items.count) { $0 + $1.number }
                    })
            }
        case .c:
            let db = try CDatabase(path: url.path)
            for _ in 0..<scale.repetitions {
                best = try min(
                    best,
                    Clock.time {
                        let select = try db.prepare(#"SELECT "_pk", "number", "title" FROM "Item" ORDER BY "_pk""#)
                        var items: [ItemRecord] = []
                        while try select.step() {
                            items.append(
                                ItemRecord(id: Int64(select.int(0)), number: select.int(1), title: select.text(2)))
                        }
                        check = items.reduce(items.count) { $0 + $1.number }
                    })
            }
        }
        return (best, check)
    }
}
