import Foundation
import GRDB
import OpenSwiftData
import Synchronization

/// A reader's point lookups while another thread saves `largeRows / 4` new items in one
/// transaction, on a store of `insertRows` items: the figure is the longest lookup from
/// the start of the write to its end, which a reader stalled by the write would show as
/// the write's duration. OSD's reader is a `@ModelActor` and its writer a context on
/// another thread; GRDB's are a read and a write of one `DatabasePool`. The check is the
/// rows after the write.
enum ReadDuringWriteWorkload {
    static func store(_ folder: URL, _ implementation: Implementation) -> URL {
        Setup.file(folder, "items-read-during-write-\(implementation.rawValue)")
    }

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = store(folder, implementation)
        let newRows = scale.largeRows / 4
        let base = scale.insertRows
        let keys = Rows.lookupKeys(count: 1_000, among: base)
        let writing = WriteFlag()
        let lookUp: @Sendable () async throws -> Double
        let write: @Sendable () throws -> Int
        switch implementation {
        case .osd:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let reader = ItemReader(modelContainer: container)
            lookUp = { try await reader.longestLookUp(keys, while: writing) }
            write = {
                let context = ModelContext(container)
                for index in 0..<newRows {
                    context.insert(Item(number: base + index, title: Rows.title(base + index)))
                }
                try context.save()
                return try context.fetchCount(FetchDescriptor<Item>())
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            lookUp = {
                var longest = 0.0
                var turn = 0
                while writing.isWriting {
                    let key = keys[turn % keys.count]
                    turn += 1
                    longest = max(
                        longest,
                        try Clock.time {
                            _ = try pool.read { db in
                                let statement = try db.cachedStatement(sql: LookupWorkload.selectSQL)
                                return try Row.fetchOne(statement, arguments: [key])
                            }
                        })
                }
                return longest
            }
            write = {
                try pool.write { db in
                    let statement = try db.makeStatement(
                        sql: #"INSERT INTO "Item" ("number", "title") VALUES (?, ?)"#)
                    for index in 0..<newRows {
                        try statement.execute(arguments: [base + index, Rows.title(base + index)])
                    }
                }
                return try pool.read { db in try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "Item""#) ?? 0 }
            }
        default:
            throw BenchmarkError.notAContender("read-during-write", implementation)
        }
        let results = try Concurrently.values(2) { index in
            if index == 0 { return try await lookUp() }
            defer { writing.finish() }
            return Double(try write())
        }
        return (results[0], Int(results[1]))
    }
}

extension ItemReader {
    /// Looks the keys up, in turn, until `writing` is false; the longest lookup, in ms.
    func longestLookUp(_ keys: [Int], while writing: WriteFlag) throws -> Double {
        var longest = 0.0
        var turn = 0
        while writing.isWriting {
            let key = keys[turn % keys.count]
            turn += 1
            longest = max(longest, try Clock.time { _ = try lookUp([key]) })
        }
        return longest
    }
}

/// Whether the writer is still writing: set by the writer's thread, read by the reader's.
final class WriteFlag: Sendable {
    private let writing = Atomic<Bool>(true)

    var isWriting: Bool { writing.load(ordering: .acquiring) }

    func finish() { writing.store(false, ordering: .releasing) }
}
