import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// `KeyList`, the compact list of keys a batched fetch keeps: the same keys, in the same
/// order, as the array it replaces, whatever mix of runs and scattered keys it holds.
@Suite("Key lists")
struct KeyListTests {
    /// Keys in runs of random lengths, some ascending from anywhere, some scattered.
    private func keys(seed: UInt64, count: Int, meanRun: Int) -> [Int64] {
        var random = SeededRandom(state: seed)
        var keys: [Int64] = []
        while keys.count < count {
            let start = Int64.random(in: -1_000_000...1_000_000, using: &random)
            let length = Int.random(in: 1...(2 * meanRun), using: &random)
            keys += (0..<Int64(length)).map { start + $0 }
        }
        return Array(keys.prefix(count))
    }

    @Test("holds what an array holds, for runs long and short", arguments: [1, 2, 3, 50, 100_000])
    func sameAsArray(meanRun: Int) throws {
        for seed in UInt64(1)...20 {
            let expected = keys(seed: seed * 7_919 + UInt64(meanRun), count: 5_000, meanRun: meanRun)
            var list = KeyList()
            for key in expected { list.append(key) }
            #expect(Array(list) == expected, "seed \(seed)")
            #expect(list.count == expected.count)
            let start = Int(seed) * 37 % expected.count
            let end = min(expected.count, start + 1_000)
            #expect(list.keys(at: start..<end) == Array(expected[start..<end]))
        }
    }

    @Test("two million consecutive keys take one entry, read from a query with a cursor")
    func consecutiveKeysFromQuery() throws {
        let queue = try DatabaseQueue()
        let list = try queue.read { db in
            try KeyList(
                db,
                sql:
                    "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 2000000) SELECT k FROM n",
                arguments: [])
        }
        #expect(list.count == 2_000_000)
        #expect(list[0] == 1 && list[1_999_999] == 2_000_000 && list[1_321_000] == 1_321_001)
        #expect(list.storedEntries == 1)
    }
}

/// A reproducible generator for the tests' random keys.
private struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
