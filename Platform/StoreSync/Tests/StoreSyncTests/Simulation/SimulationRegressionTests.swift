import Logging
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Defects the sync simulation found, each named after the seed that found it.
@Suite("Sync simulation: regressions")
struct SimulationRegressionTests {
    @Test(
        "seed 19 (STORESYNC_SIM_SCHEDULES=30): a query in flight when the server terminates its connection fails, instead of waiting for ever"
    )
    func seed19TerminatedInFlight() async throws {
        let url = try await TestPostgres.newDatabase()
        for delay in [0, 1, 2, 5, 10, 20, 50] {
            let connection = try await RemoteConnection.open(SyncRemote(url: url), logger: Logger(label: "test"))
            let pid = try #require(try await connection.query("SELECT pg_backend_pid()::int8").first?.decode(Int.self))
            // Terminated at some point of a transaction of many short queries: postgres-nio
            // leaves the query in flight unanswered in some of these, and only the
            // connection's closing ends it.
            async let terminated = Self.terminate(pid, on: url, after: delay)
            await #expect(throws: SyncError.self) {
                try await connection.query("BEGIN")
                for _ in 0..<200 { try await connection.query("SELECT pg_advisory_xact_lock(1)") }
                try await connection.query("SELECT pg_sleep(5)")
            }
            _ = try await terminated
            await connection.close()
        }
    }

    @Test(
        "seed 49 (STORESYNC_SIM_SCHEDULES=60): a movie removed and added again before a sync, edited meanwhile on another machine, is one entry everywhere"
    )
    func seed49RemovedAndAddedAgain() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 2, note: "first")
        try await a.sync(url)
        try await b.sync(url)
        try a.remove(movie: 2)
        try a.add(movie: 2, note: "A's, added again")
        try b.edit(movie: 2, note: "B's")
        try await b.sync(url)
        try await a.sync(url)
        try await b.sync(url)

        #expect(try a.movies().count == 1)
        #expect(try a.movies().map(\.description) == b.movies().map(\.description))
        let live = try await TestPostgres.integer(
            "SELECT count(*)::int8 FROM storesync_records_notes WHERE NOT deleted", on: url)
        #expect(live == 1)
    }

    @Test(
        "seed 1 (STORESYNC_SIM_STEPS=20): a memo two machines put on a shelf, taken off by one that had pulled both adds, is off everywhere"
    )
    func seed1ShelfRemovalAfterBothAdds() async throws {
        for throughFixture in [false, true] {
            let url = try await TestPostgres.newDatabase()
            let a = try SimulatedMachine(index: 0, clockOffset: 0)
            let b = try SimulatedMachine(index: 2, clockOffset: 0)
            try a.addMemo(title: "s0", rating: 0)
            try await a.machine.sync(url)
            try await b.machine.sync(url)
            #expect(try b.toggle(memo: "s0", onShelf: "right"))
            #expect(try a.toggle(memo: "s0", onShelf: "right"))
            try await a.machine.sync(url)
            do {
                try await b.machine.sync(url, stoppingAt: .afterConfirmingPush)
            } catch let error as SyncError {
                #expect("\(error)".contains("stopped for a test"))
            }
            try b.reopen()
            if throughFixture {
                let folder = a.folder.url
                #expect(
                    try await a.closed { try await KilledSync.run(folder: folder, url: url, killAfter: 120_000) }
                        == .finished)
            } else {
                try await a.machine.sync(url)
            }
            #expect(try !a.toggle(memo: "s0", onShelf: "right"))
            for machine in [a, b, a, b] { try await machine.machine.sync(url) }
            for machine in [a, b] {
                let shelves = try ModelContext(machine.machine.container).fetch(FetchDescriptor<Shelf>())
                let onRight = shelves.filter { $0.name == "right" }.flatMap { $0.memos ?? [] }.compactMap(\.title)
                #expect(
                    onRight.isEmpty,
                    "machine \(machine.index), the pull before the removal in the fixture: \(throughFixture)")
            }
        }
    }

    private static func terminate(_ pid: Int, on url: String, after milliseconds: Int) async throws -> Int {
        try await Task.sleep(for: .milliseconds(milliseconds))
        return try await TestPostgres.integer("SELECT count(pg_terminate_backend(\(pid)))::int8", on: url) ?? 0
    }
}
