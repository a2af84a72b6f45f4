import Foundation
import StoreSyncTesting
import Testing

@Suite("popcorn sync killed with kill -9")
struct SyncKillTests {
    /// Starts `popcorn sync` and kills it with SIGKILL after `delay`; whether it had
    /// already finished.
    private func syncKilled(_ machine: SyncMachine, _ url: String, after delay: Duration) throws -> Bool {
        let process = machine.popcorn.process(["sync"], environment: ["POPCORN_SYNC_URL": url])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        usleep(UInt32(seconds * 1_000_000))
        let finished = !process.isRunning
        kill(process.processIdentifier, SIGKILL)
        var status: Int32 = 0
        while waitpid(process.processIdentifier, &status, 0) == -1 && errno == EINTR {}
        return finished
    }

    @Test("syncs killed at random points, on both machines, then synced again: both equal, nothing lost or duplicated")
    func killedAtRandomPoints() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        var generator = SystemRandomNumberGenerator()
        var expected = Set<Int>()
        var next = 1
        var killedMidway = 0
        let trials = 6
        for trial in 0..<trials {
            // Each machine adds new entries and removes some it added before.
            for machine in [a, b] {
                let added = next..<(next + 400)
                next += 400
                try await machine.add(added)
                expected.formUnion(added)
                let mine = try await machine.watchlist().filter { expected.contains($0) }
                let removed = mine.shuffled(using: &generator).prefix(30)
                try await machine.remove(removed)
                expected.subtract(removed)
            }
            // Kills from right after the start to past the usual end of a sync.
            for machine in trial.isMultiple(of: 2) ? [a, b] : [b, a] {
                let delay = Duration.milliseconds(Int.random(in: 20...1_500, using: &generator))
                if !(try syncKilled(machine, url, after: delay)) { killedMidway += 1 }
            }
        }
        for machine in [a, b, a] {
            let result = try machine.sync(url)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let listA = try await a.watchlist()
        let listB = try await b.watchlist()
        #expect(listA == listB)
        #expect(
            Set(listA) == expected,
            "lost: \(expected.subtracting(listA).count), extra: \(Set(listA).subtracting(expected).count)")
        let onServer = try await TestPostgres.integer(
            "SELECT count(*) FROM storesync_records_watchlist WHERE NOT deleted", on: url)
        #expect(onServer == expected.count)
        print("kill -9 trials: \(trials * 2) syncs, \(killedMidway) killed before they finished")
        #expect(killedMidway > 0)
    }
}
