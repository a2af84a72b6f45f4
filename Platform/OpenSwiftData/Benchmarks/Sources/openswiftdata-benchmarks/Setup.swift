import Foundation
import GRDB
import OpenSwiftData

/// Writes the stores the workloads read, the same for every implementation. Stores are
/// created empty by OpenSwiftData (so they have its layout) and filled with SQL.
enum Setup {
    static func prepare(in folder: URL, scale: Scale, for workloads: Set<String>) throws {
        if workloads.contains("insert") {
            for contender in try Workloads.spec("insert").contenders {
                for repetition in 0..<scale.repetitions {
                    let name = "insert-\(contender.implementation.rawValue)-\(repetition)"
                    _ = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: file(folder, name)))
                }
            }
        }
        if workloads.contains("fetch-all") { try fillItems(file(folder, "items-small"), rows: scale.insertRows) }
        if !workloads.isDisjoint(with: ["lookup", "parallel-read"]) {
            try fillItems(file(folder, "items-large"), rows: scale.largeRows)
        }
        if workloads.contains("read-during-write") {
            for contender in try Workloads.spec("read-during-write").contenders {
                try fillItems(
                    ReadDuringWriteWorkload.store(folder, contender.implementation), rows: scale.insertRows)
            }
        }
        if workloads.contains("delete-where") {
            for contender in try Workloads.spec("delete-where").contenders {
                try fillItems(DeleteWhereWorkload.store(folder, contender.implementation), rows: scale.largeRows)
            }
        }
        if workloads.contains("open") {
            _ = try ModelContainer(
                for: Schema(FifteenEntities.types), configurations: [ModelConfiguration(url: file(folder, "fifteen"))])
        }
        if !workloads.isDisjoint(with: ["lightweight-large", "lightweight-plan", "custom"]) {
            try fillEntries(folder, name: "entries-large", rows: scale.largeRows, copies: ["lightweight", "custom"])
        }
        if workloads.contains("lightweight-small") {
            try fillEntries(folder, name: "entries-small", rows: scale.migrationSmallRows, copies: ["lightweight"])
        }
        if workloads.contains("relationship") {
            try fillFamilies(file(folder, "families"), parents: scale.parents, children: scale.childrenPerParent)
        }
        // Writes the copies' pages to disk now: otherwise the first fsync of a workload (a
        // migration's checkpoint) would pay for flushing the whole freshly copied file.
        sync()
    }

    static func file(_ folder: URL, _ name: String) -> URL {
        folder.appending(path: "\(name).sqlite")
    }

    private static func fillItems(_ url: URL, rows: Int) throws {
        _ = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
        try fill(url, sql: #"INSERT INTO "Item" ("_pk", "number", "title") VALUES (?, ?, ?)"#, rows: rows)
    }

    /// A version-1 store of entries, then a copy per workload and implementation.
    private static func fillEntries(_ folder: URL, name: String, rows: Int, copies: [String]) throws {
        let url = file(folder, name)
        _ = try ModelContainer(
            for: Schema(versionedSchema: EntriesV1.self), migrationPlan: EntriesV1Plan.self,
            configurations: [ModelConfiguration(url: url)])
        try fill(url, sql: #"INSERT INTO "Entry" ("_pk", "number", "title") VALUES (?, ?, ?)"#, rows: rows)
        for workload in copies {
            for implementation in [Implementation.osd, .grdb, .c] {
                try FileManager.default.copyItem(
                    at: url, to: file(folder, "\(name)-\(workload)-\(implementation.rawValue)"))
            }
        }
        try FileManager.default.copyItem(at: url, to: file(folder, "\(name)-lightweight-plan"))
    }

    private static func fill(_ url: URL, sql: String, rows: Int) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            let statement = try db.makeStatement(sql: sql)
            for index in 0..<rows {
                try statement.execute(arguments: [index + 1, Rows.number(index, of: rows), Rows.title(index)])
            }
        }
        // Closing the last connection checkpoints the WAL into the file, so copies are whole.
        try queue.close()
    }

    private static func fillFamilies(_ url: URL, parents: Int, children: Int) throws {
        _ = try ModelContainer(for: Parent.self, Child.self, configurations: ModelConfiguration(url: url))
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            let parent = try db.makeStatement(sql: #"INSERT INTO "Parent" ("_pk", "name") VALUES (?, ?)"#)
            let child = try db.makeStatement(sql: #"INSERT INTO "Child" ("_pk", "name", "parent") VALUES (?, ?, ?)"#)
            // Children are written interleaved, so that one parent's are not contiguous.
            for index in 0..<parents {
                try parent.execute(arguments: [index + 1, "parent \(index)"])
            }
            for round in 0..<children {
                for index in 0..<parents {
                    let key = round * parents + index + 1
                    try child.execute(arguments: [key, "child \(key)", index + 1])
                }
            }
        }
        try queue.close()
    }
}
