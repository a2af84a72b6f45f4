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

    @Test(
        "syncs killed at random points on both machines, then synced again: watchlists and histories equal, nothing lost or doubled"
    )
    func killedAtRandomPoints() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        var generator = SystemRandomNumberGenerator()
        var expected = Set<Int>()
        var expectedHistory = Set<Int>()
        var next = 1
        var killedMidway = 0
        // The latest kill, in milliseconds after the start. Halved after each sync that
        // finished before its kill, so that a machine whose syncs are fast still has
        // syncs killed midway (a process takes longer than 40 ms just to start).
        var latestKill = 1_500
        let trials = 6
        for trial in 0..<trials {
            // The same movie picked on both machines in this trial: one entry after syncs.
            let pickedOnBoth = 900_000 + trial
            // Each machine adds new entries and removes some it added before, in the
            // watchlist and in the history.
            for machine in [a, b] {
                let added = next..<(next + 400)
                next += 400
                try await machine.add(added)
                expected.formUnion(added)
                let mine = try await machine.watchlist().filter { expected.contains($0) }
                let removed = mine.shuffled(using: &generator).prefix(30)
                try await machine.remove(removed)
                expected.subtract(removed)

                let picked = next..<(next + 40)
                next += 40
                try await machine.pick(Array(picked) + [pickedOnBoth])
                expectedHistory.formUnion(Array(picked) + [pickedOnBoth])
                // Only entries picked on one machine are forgotten: a removal and a later
                // pick of the same movie elsewhere would race by their times.
                let forgettable = try await machine.history().filter { expectedHistory.contains($0) && $0 < 900_000 }
                let forgotten = forgettable.shuffled(using: &generator).prefix(5)
                try await machine.forget(forgotten)
                expectedHistory.subtract(forgotten)
            }
            // Kills from right after the start to past the usual end of a sync.
            for machine in trial.isMultiple(of: 2) ? [a, b] : [b, a] {
                let delay = Duration.milliseconds(Int.random(in: 20...latestKill, using: &generator))
                if try syncKilled(machine, url, after: delay) {
                    latestKill = max(40, latestKill / 2)
                } else {
                    killedMidway += 1
                }
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

        let historyA = try await a.history()
        let historyB = try await b.history()
        #expect(historyA == historyB)
        let lost = expectedHistory.subtracting(historyA).count
        let extra = Set(historyA).subtracting(expectedHistory).count
        #expect(Set(historyA) == expectedHistory, "history lost: \(lost), extra: \(extra)")
        #expect(historyA.filter { $0 >= 900_000 }.count == trials, "each movie picked on both machines is one entry")
        let historyOnServer = try await TestPostgres.integer(
            "SELECT count(*) FROM storesync_records_history WHERE NOT deleted", on: url)
        #expect(historyOnServer == expectedHistory.count)
        print("kill -9 trials: \(trials * 2) syncs, \(killedMidway) killed before they finished")
        #expect(killedMidway > 0)
    }
}
