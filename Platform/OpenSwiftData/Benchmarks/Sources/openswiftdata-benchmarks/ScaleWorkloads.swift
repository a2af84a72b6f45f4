import Foundation
import GRDB
import OpenSwiftData

/// The workloads on the `scaleRows` store of the scale folder (``ScaleStore``).
enum ScaleWorkloads {
    /// `scaleLookups` point lookups, each timed alone, after 10 untimed ones, on a store
    /// read once beforehand (``ScaleStore/warm(_:)``); the figure is the median time of one
    /// lookup. Each is its own read, as an app's separate fetches are.
    static func lookup(_ implementation: Implementation, folders: Folders, scale: Scale) throws -> (Double, Int) {
        let url = ScaleStore.url(in: folders.scale, scale: scale)
        try ScaleStore.warm(url)
        let keys = Rows.lookupKeys(count: scale.scaleLookups + 10, among: scale.scaleRows)
        // One lookup: the length of the title it found.
        let lookUp: (Int) throws -> Int
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            lookUp = { key in
                var descriptor = FetchDescriptor<Item>(predicate: #Predicate { $0.number == key })
                descriptor.fetchLimit = 1
                return try context.fetch(descriptor).first?.title.count ?? 0
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            lookUp = { key in
                try pool.read { db in
                    let statement = try db.cachedStatement(sql: LookupWorkload.selectSQL)
                    guard let row = try Row.fetchOne(statement, arguments: [key]) else { return 0 }
                    return ItemValue(id: row[0], number: row[1], title: row[2]).title.count
                }
            }
        case .c:
            let db = try CDatabase(path: url.path)
            let select = try db.prepare(LookupWorkload.selectSQL)
            lookUp = { key in
                select.bind(1, key)
                defer { select.reset() }
                return try select.step() ? select.item().title.count : 0
            }
        default:
            throw BenchmarkError.notAContender("scale-lookup", implementation)
        }
        var check = 0
        for key in keys.prefix(10) { check += try lookUp(key) }
        var times: [Double] = []
        for key in keys.dropFirst(10) {
            times.append(try Clock.time { check += try lookUp(key) })
        }
        return (Clock.median(times), check)
    }

    /// Every row, one at a time, reading `number`, on a store read once beforehand: the
    /// figure is the time of the walk, and its peak memory is the process's.
    static func enumerate(_ implementation: Implementation, folders: Folders, scale: Scale) throws -> (Double, Int) {
        try walk(implementation, folders: folders, scale: scale) { context in
            var check = 0
            try context.enumerate(FetchDescriptor<Item>()) { item in check += item.number + 1 }
            return check
        }
    }

    /// The same walk through `fetch(_:batchSize:)`: a collection of every row, whose models
    /// are read 5,000 at a time as they are reached.
    static func batchedFetch(_ implementation: Implementation, folders: Folders, scale: Scale) throws -> (Double, Int) {
        try walk(implementation, folders: folders, scale: scale) { context in
            try context.fetch(FetchDescriptor<Item>(), batchSize: 5_000).reduce(0) { $0 + $1.number + 1 }
        }
    }

    /// Every row, one at a time, reading `number`: OSD through `osdWalk`.
    private static func walk(
        _ implementation: Implementation, folders: Folders, scale: Scale, osdWalk: (ModelContext) throws -> Int
    ) throws -> (Double, Int) {
        let url = ScaleStore.url(in: folders.scale, scale: scale)
        try ScaleStore.warm(url)
        var check = 0
        let elapsed: Double
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            elapsed = try Clock.time { check = try osdWalk(context) }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            elapsed = try Clock.time {
                try pool.read { db in
                    let rows = try Row.fetchCursor(db, sql: FetchAllWorkload.selectSQL)
                    while let row = try rows.next() {
                        let item = ItemValue(id: row[0], number: row[1], title: row[2])
                        check += item.number + 1
                    }
                }
            }
        case .c:
            let db = try CDatabase(path: url.path)
            elapsed = try Clock.time {
                let select = try db.prepare(FetchAllWorkload.selectSQL)
                while try select.step() { check += select.item().number + 1 }
            }
        default:
            throw BenchmarkError.notAContender("scale-enumerate", implementation)
        }
        return (elapsed, check)
    }

    /// Adds an optional attribute to a copy of the store (made before the clock starts,
    /// removed after): OSD opens it with `ItemsWithNote.Item` (an inferred lightweight
    /// migration); GRDB and C run `ALTER TABLE … ADD COLUMN`.
    static func migration(_ implementation: Implementation, folders: Folders, scale: Scale) throws -> (Double, Int) {
        let url = folders.run.appending(path: "scale-migration-\(implementation.rawValue).sqlite")
        try ScaleStore.removeStore(url)
        try FileManager.default.copyItem(at: ScaleStore.url(in: folders.scale, scale: scale), to: url)
        defer { try? ScaleStore.removeStore(url) }
        // As in the other migrations: the copy's pages on disk before the migration's checkpoint.
        sync()
        let elapsed: Double
        switch implementation {
        case .osd:
            elapsed = try Clock.time {
                _ = try ModelContainer(
                    for: Schema([ItemsWithNote.Item.self]), configurations: [ModelConfiguration(url: url)])
            }
        default:
            elapsed = try LightweightMigrationWorkload.addNote(implementation, table: "Item", url: url)
        }
        return (elapsed, try LightweightMigrationWorkload.noteCheck(table: "Item", url: url))
    }
}
