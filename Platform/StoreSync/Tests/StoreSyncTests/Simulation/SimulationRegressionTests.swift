import Logging
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

    private static func terminate(_ pid: Int, on url: String, after milliseconds: Int) async throws -> Int {
        try await Task.sleep(for: .milliseconds(milliseconds))
        return try await TestPostgres.integer("SELECT count(pg_terminate_backend(\(pid)))::int8", on: url) ?? 0
    }
}
