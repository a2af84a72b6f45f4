import Logging
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Defects the sync simulation found, each named after the seed that found it.
@Suite("Sync simulation: regressions")
struct SimulationRegressionTests {
    @Test(
        "seed 19 (STORESYNC_SIM_SCHEDULES=30): a query on a connection the server terminated fails, instead of waiting for ever"
    )
    func seed19TerminatedConnection() async throws {
        let url = try await TestPostgres.newDatabase()
        let connection = try await RemoteConnection.open(SyncRemote(url: url), logger: Logger(label: "test"))
        let pid = try #require(try await connection.query("SELECT pg_backend_pid()::int8").first?.decode(Int.self))
        _ = try await TestPostgres.execute("SELECT pg_terminate_backend(\(pid))", on: url)
        // The server's message that it terminated the connection arrives before or after
        // one of these queries is sent: either way one fails, and none waits for ever.
        await #expect(throws: SyncError.self) {
            for _ in 0..<100 { try await connection.query("SELECT 1") }
        }
        await connection.close()
    }
}
