import Foundation
import StoreSyncTesting
import Testing

/// Proves, on random schedules, that no data is lost: see ``SyncSimulation`` for what a
/// schedule does and ``CausalHistory`` for what is claimed about its outcome.
///
/// Seeds 1 to `STORESYNC_SIM_SCHEDULES` (3 by default, which keeps the suite's time
/// small) with `STORESYNC_SIM_STEPS` steps each (40 by default; a schedule with fewer
/// steps is the start of the same schedule); `STORESYNC_SIM_SEED` runs one seed alone.
/// The schedule is a function of the seed; where a kill or a cut lands within a sync
/// depends on timing, so a replay runs the same steps, not always the same interleaving.
@Suite("Sync simulation")
struct SyncSimulationTests {
    private static func environment(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    @Test(
        "three machines with skewed clocks, random edits, syncs cut off and killed, connections cut, server restarts: every replica converges, and an edit made after seeing another wins"
    )
    func simulation() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: FaketimeTests.fixture.path),
            "build the package with `swift build --build-tests` first (storesync-fixture)")
        let seeds: [UInt64] =
            if let seed = Self.environment("STORESYNC_SIM_SEED") {
                [UInt64(seed)]
            } else {
                (1...UInt64(Self.environment("STORESYNC_SIM_SCHEDULES") ?? 3)).map { $0 }
            }
        let steps = Self.environment("STORESYNC_SIM_STEPS") ?? 40
        let server = try await TestPostgres.startOwnServer()
        var total = SimulationStats()
        for seed in seeds {
            var simulation = SyncSimulation(seed: seed, server: server)
            var problems: [String]
            do {
                problems = try await simulation.run(steps: steps)
            } catch {
                problems = ["the schedule stopped: \(error)"]
            }
            var stats = simulation.stats
            stats.schedules = 1
            total.add(stats)
            if !problems.isEmpty {
                total.diverged += 1
                Issue.record(
                    """
                    seed \(seed) (replay: STORESYNC_SIM_SEED=\(seed)):
                    \(problems.joined(separator: "\n"))
                    steps:
                    \(simulation.trace.joined(separator: "\n"))
                    """)
            }
        }
        print(total.summary)
    }
}
