internal import GRDB

/// Primary keys in a fetch's order, held compactly: what a batched fetch or a sorted
/// enumeration keeps of the rows it has not read yet.
///
/// Keys usually come in runs of consecutive values (a fetch with no sort, or sorted by
/// key, over a table whose rows were inserted in order), and a run takes one entry
/// whatever its length: ten million such keys take a few bytes. Keys in no such order
/// (a sort by another column) are kept as they are, eight bytes each, which is what the
/// runs would take more than once they are shorter than two keys on average.
struct KeyList: RandomAccessCollection {
    private enum Storage {
        /// Runs of consecutive keys: each run's first key, and its position in the list.
        case runs(firsts: [Int64], positions: [Int])
        case plain([Int64])
    }

    private var storage = Storage.runs(firsts: [], positions: [])
    private(set) var count = 0

    /// Runs kept before the list considers turning plain.
    private static let runsBeforeCheck = 1024

    init() {}

    /// The keys a query returns, one column of integers, read with a cursor so that no
    /// full array of them exists on the way.
    init(_ db: Database, sql: String, arguments: StatementArguments) throws {
        let cursor = try Int64.fetchCursor(db, sql: sql, arguments: arguments)
        while let key = try cursor.next() { append(key) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Int64 {
        precondition(position >= 0 && position < count, "key position \(position) out of 0..<\(count)")
        switch storage {
        case .plain(let keys):
            return keys[position]
        case .runs(let firsts, let positions):
            // The last run that starts at or before `position`.
            var low = 0
            var high = positions.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if positions[middle] <= position { low = middle } else { high = middle - 1 }
            }
            return firsts[low] + Int64(position - positions[low])
        }
    }

    /// How many entries the list stores: its runs, or its keys once plain.
    var storedEntries: Int {
        switch storage {
        case .plain(let keys): keys.count
        case .runs(let firsts, _): firsts.count
        }
    }

    /// The keys at `positions`, as an array (a batch's keys).
    func keys(at positions: Range<Int>) -> [Int64] {
        if case .plain(let keys) = storage { return Array(keys[positions]) }
        return positions.map { self[$0] }
    }

    mutating func append(_ key: Int64) {
        defer { count += 1 }
        switch storage {
        case .plain(var keys):
            storage = .plain([])
            keys.append(key)
            storage = .plain(keys)
        case .runs(var firsts, var positions):
            if let first = firsts.last, let start = positions.last, first + Int64(count - start) == key {
                return
            }
            storage = .runs(firsts: [], positions: [])
            firsts.append(key)
            positions.append(count)
            if firsts.count >= Self.runsBeforeCheck, firsts.count * 2 > count + 1 {
                // Runs shorter than two keys: the keys alone take less.
                var keys: [Int64] = []
                keys.reserveCapacity(count + 1)
                for run in firsts.indices {
                    let end = run + 1 < positions.count ? positions[run + 1] : count
                    for offset in 0..<(end - positions[run]) { keys.append(firsts[run] + Int64(offset)) }
                }
                keys.append(key)
                storage = .plain(keys)
            } else {
                storage = .runs(firsts: firsts, positions: positions)
            }
        }
    }
}
