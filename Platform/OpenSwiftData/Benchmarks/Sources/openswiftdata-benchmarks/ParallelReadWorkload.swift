import Foundation
import GRDB
import OpenSwiftData
import Synchronization

/// Point lookups on the `largeRows` store by several readers at once, one per core: OSD's
/// readers are `@ModelActor`s, each with its own context; GRDB's are concurrent reads of
/// one `DatabasePool`. The same lookups by one reader alone are the reference the
/// scaling target compares with. Every reader does `lookups` lookups (its own keys); the
/// figure is the wall time until the last reader is done, best of the repetitions.
enum ParallelReadWorkload {
    /// One reader per core, and at least two.
    static var readers: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "items-large")
        let slices = (0..<readers).map { reader in
            Rows.lookupKeys(count: scale.lookups * (reader + 1), among: scale.largeRows).suffix(scale.lookups).map {
                $0
            }
        }
        // A pass: every slice looked up, by one reader per slice or by one reader alone;
        // returns the sum of the titles' lengths found.
        let pass: () throws -> Int
        switch implementation {
        case .osd, .osdOneReader:
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
            let actors = (0..<(implementation == .osd ? slices.count : 1)).map { _ in
                ItemReader(modelContainer: container)
            }
            pass = {
                try Concurrently.sum(actors.count) { index in
                    let mine = implementation == .osd ? [slices[index]] : slices
                    var total = 0
                    for keys in mine { total += try await actors[index].lookUp(keys) }
                    return total
                }
            }
        case .grdb, .grdbOneReader:
            let pool = try GRDBStore.pool(url)
            let readerCount = implementation == .grdb ? slices.count : 1
            pass = {
                try Concurrently.sum(readerCount) { index in
                    let mine = implementation == .grdb ? [slices[index]] : slices
                    return try mine.reduce(0) { total, keys in
                        try total
                            + pool.read { db in
                                try keys.reduce(0) { total, key in
                                    let statement = try db.cachedStatement(sql: LookupWorkload.selectSQL)
                                    guard let row = try Row.fetchOne(statement, arguments: [key]) else { return total }
                                    return total + ItemValue(id: row[0], number: row[1], title: row[2]).title.count
                                }
                            }
                    }
                }
            }
        default:
            throw BenchmarkError.notAContender("parallel-read", implementation)
        }
        var check = try pass()
        var best = Double.infinity
        for _ in 0..<scale.repetitions {
            best = min(best, try Clock.time { check = try pass() })
        }
        return (best, check)
    }
}

/// A reader of items on its own executor, as an app's background reader is.
@ModelActor
actor ItemReader {
    /// Looks each key up with a fetch of limit 1; the sum of the titles' lengths found.
    func lookUp(_ keys: [Int]) throws -> Int {
        try keys.reduce(0) { total, key in
            var descriptor = FetchDescriptor<Item>(predicate: #Predicate { $0.number == key })
            descriptor.fetchLimit = 1
            return try total + modelContext.fetch(descriptor).reduce(0) { $0 + $1.title.count }
        }
    }
}

/// Runs work on several threads at once from the benchmark's synchronous code.
enum Concurrently {
    /// Runs `body(0)`, …, `body(count - 1)` at once, each in a task of its own, and returns
    /// their results once all are done; the first error is rethrown.
    static func values<Value: Sendable>(
        _ count: Int, _ body: @escaping @Sendable (Int) async throws -> Value
    ) throws -> [Value] {
        let results = Results<Value>(count: count)
        let done = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Task.detached {
                do {
                    results.set(index, .success(try await body(index)))
                } catch {
                    results.set(index, .failure(error))
                }
                done.signal()
            }
        }
        for _ in 0..<count { done.wait() }
        return try results.all().map { try $0.get() }
    }

    /// The sum of ``values(_:_:)``.
    static func sum(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> Int) throws -> Int {
        try values(count, body).reduce(0, +)
    }

    /// The tasks' results, each written once by its task and read after all have signalled.
    private final class Results<Value: Sendable>: Sendable {
        private let values: Mutex<[Result<Value, any Error>?]>

        init(count: Int) { values = Mutex(Array(repeating: nil, count: count)) }

        func set(_ index: Int, _ result: Result<Value, any Error>) {
            values.withLock { $0[index] = result }
        }

        func all() -> [Result<Value, any Error>] {
            values.withLock { $0.map { $0 ?? .failure(BenchmarkError.usage("a task ended without a result")) } }
        }
    }
}
