import Foundation
import StoreSyncTesting
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// Machines whose clocks are off: a person's later action wins whatever the clocks say.
/// Each machine's saves are recorded at its own clock's time (``Machine/clockOffset``);
/// `FaketimeTests` does the same with real clocks, through `faketime`.
@Suite("Clocks that differ by a day")
struct ClockSkewTests {
    static let day: TimeInterval = 86_400

    /// The note the server holds for a movie.
    private func serverNote(_ movie: Int, _ url: String) async throws -> String? {
        let name = RecordName.derived(entity: "WatchedMovie", keyValues: ["\(movie)"])
        let rows = try await TestPostgres.execute(
            "SELECT fields->>'note' FROM storesync_records_notes WHERE record_name = '\(name)'", on: url)
        return try rows.first?.decode(String?.self) ?? nil
    }

    @Test(
        "an edit made after seeing another machine's wins over it, on both machines and the server, whichever machine's clock is off",
        arguments: [(ahead: day, behind: 0.0), (ahead: 0.0, behind: -day)])
    func laterActionWins(offsets: (ahead: TimeInterval, behind: TimeInterval)) async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        a.clockOffset = offsets.ahead
        b.clockOffset = offsets.behind
        try a.add(movie: 1, note: "first")
        try await a.sync(url)
        try await b.sync(url)

        // A (whose clock is later than B's) edits and syncs; B then sees that edit, edits
        // the same record afterwards, and syncs.
        try a.edit(movie: 1, note: "A's edit")
        try await a.sync(url)
        try await b.sync(url)
        #expect(try b.movies().map(\.description) == ["1/A's edit"])
        try b.edit(movie: 1, note: "B's later edit")
        try await b.sync(url)
        try await a.sync(url)

        #expect(try a.movies().map(\.description) == ["1/B's later edit"])
        #expect(try b.movies().map(\.description) == ["1/B's later edit"])
        #expect(try await serverNote(1, url) == "B's later edit")
    }

    @Test("a machine whose clock ran a day ahead, once corrected, still orders its new edits after its earlier ones")
    func correctedClock() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        a.clockOffset = Self.day
        try a.add(movie: 2, note: "future-dated")
        try await a.sync(url)
        a.clockOffset = 0
        try a.edit(movie: 2, note: "after the correction")
        try await a.sync(url)
        try await b.sync(url)

        #expect(try a.movies().map(\.description) == ["2/after the correction"])
        #expect(try b.movies().map(\.description) == ["2/after the correction"])
        #expect(try await serverNote(2, url) == "after the correction")
    }

    @Test("the clock advances past what is received, and survives reopening the store")
    func clockPersisted() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        a.clockOffset = Self.day
        // A's save is stamped no earlier than a day past this moment, however long the
        // syncs take on a loaded machine.
        let beforeTheSave = Date()
        try a.add(movie: 3)
        try await a.sync(url)
        try await b.sync(url)
        let state = try await Machine(reopening: b).container.readSyncMetadata { try SyncState.read(from: $0) }
        let clock = try #require(state.clock)
        #expect(clock.wall >= HybridLogicalClock.milliseconds(beforeTheSave.addingTimeInterval(Self.day)))
    }

    @Test(
        "a record the server kept over a push is applied by the next sync even when that push was noted and the sync cut off before its pull"
    )
    func supersededSurvivesACrash() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        a.clockOffset = Self.day
        try a.add(movie: 4, note: "A's, a day ahead")
        try await a.sync(url)
        try await b.sync(url)
        // B as a store last synced by a release that kept no clock (nor the pulls that
        // raised it): its next edit is stamped by its own time alone, below A's version that
        // it already pulled, and the server keeps A's.
        try await b.container.performSyncTransaction(author: SyncAuthor.name) { _, metadata in
            try metadata.setValue(nil, named: "storesync.clock")
            try metadata.setValue(nil, named: "storesync.pulls")
        }
        try b.edit(movie: 4, note: "B's, stamped below")
        await #expect(throws: SyncError.self) {
            try await b.sync(url, stoppingAt: .afterConfirmingPush)
        }
        #expect(try b.movies().map(\.description) == ["4/B's, stamped below"])

        let reopened = try Machine(reopening: b)
        try await reopened.sync(url)
        try await a.sync(url)
        #expect(try reopened.movies() == a.movies())
        #expect(try a.movies().map(\.description) == ["4/A's, a day ahead"])
        #expect(try await serverNote(4, url) == "A's, a day ahead")
        let state = try await reopened.container.readSyncMetadata { try SyncState.read(from: $0) }
        #expect(state.refetch.isEmpty)
    }

    @Test("a sync cut off after its push was noted, on a machine whose clock is a day behind: the next sync converges")
    func crashAfterPushBehind() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        b.clockOffset = -Self.day
        try a.add(movie: 5, note: "A's")
        try await a.sync(url)
        try await b.sync(url)
        try b.edit(movie: 5, note: "B's later edit")
        await #expect(throws: SyncError.self) {
            try await b.sync(url, stoppingAt: .afterConfirmingPush)
        }
        let reopened = try Machine(reopening: b)
        try await reopened.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.description) == ["5/B's later edit"])
        #expect(try reopened.movies() == a.movies())
        #expect(try await serverNote(5, url) == "B's later edit")
    }

    @Test(
        "a save that writes no field of a new folder (a memo filed in it) leaves its version as its insert's: B's later edit of the folder, a day behind, wins over A's push repeated after a cut-off (STORESYNC_SIM_SEED=47)"
    )
    func derivedChangeKeepsInsertVersion() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        b.clockOffset = -Self.day
        let context = ModelContext(a.container)
        context.insert(Folder(name: "trips", note: "A's"))
        context.insert(Memo(title: "Lisbon"))
        try a.save(context)
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterPushing) }
        try await b.sync(url)
        try await Task.sleep(for: .milliseconds(20))
        // A files a memo in the folder: a change of the memo's record alone.
        let filing = ModelContext(a.container)
        let folder = try #require(try filing.fetch(FetchDescriptor<Folder>()).first)
        try #require(try filing.fetch(FetchDescriptor<Memo>()).first).folder = folder
        try a.save(filing)
        try await Task.sleep(for: .milliseconds(20))
        // B, which has seen the folder, edits it later.
        let editing = ModelContext(b.container)
        try #require(try editing.fetch(FetchDescriptor<Folder>()).first).note = "B's, after seeing A's"
        try b.save(editing)
        let reopened = try Machine(reopening: a)
        try await reopened.sync(url)
        try await b.sync(url)
        try await reopened.sync(url)
        for machine in [reopened, b] {
            let notes = try ModelContext(machine.container).fetch(FetchDescriptor<Folder>()).map(\.note)
            #expect(notes == ["B's, after seeing A's"])
        }
    }

    /// A small seeded generator (SplitMix64), so that a failing run can be repeated.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(
        "three machines, clocks a day behind, right and a day ahead, taking turns (sync, edit, sync, some syncs cut off after their push): each movie ends with its last edit on every machine",
        arguments: [1, 2, 3] as [UInt64])
    func takingTurns(seed: UInt64) async throws {
        var random = SeededGenerator(state: seed)
        let url = try await TestPostgres.newDatabase()
        var machines = try [Machine(), Machine(), Machine()]
        for (machine, offset) in zip(machines, [-Self.day, 0, Self.day]) { machine.clockOffset = offset }
        for movie in 1...4 { try machines[1].add(movie: movie, note: "start") }
        var expected = [Int: String](uniqueKeysWithValues: (1...4).map { ($0, "start") })
        for machine in machines { try await machine.sync(url) }

        for step in 0..<24 {
            let index = Int.random(in: 0..<3, using: &random)
            let movie = Int.random(in: 1...4, using: &random)
            try await machines[index].sync(url)
            let note = "step \(step) on machine \(index)"
            try machines[index].edit(movie: movie, note: note)
            expected[movie] = note
            if Int.random(in: 0..<4, using: &random) == 0 {
                await #expect(throws: SyncError.self) {
                    try await machines[index].sync(url, stoppingAt: .afterConfirmingPush)
                }
                let offset = machines[index].clockOffset
                machines[index] = try Machine(reopening: machines[index])
                machines[index].clockOffset = offset
            } else {
                try await machines[index].sync(url)
            }
        }
        for machine in machines + machines { try await machine.sync(url) }
        let final = (1...4).map { "\($0)/\(expected[$0] ?? "-")" }
        for machine in machines {
            #expect(try machine.movies().map(\.description) == final, "seed \(seed)")
        }
    }
}
