import Foundation
import Synchronization
import Testing

@testable import OpenSwiftDataPostgres

/// The store's thread waits for an operation's admission (a pooled connection) no longer than
/// its limit, and for an admitted operation as long as it takes; an operation admitted after
/// its caller gave up does not go on. The suite's limit turns a wait that never ends into a
/// failure; it is counted from each test's start, which in the parallel run of the whole suite
/// may wait minutes for a thread of the cooperative pool (one per core).
@Suite("PostgreSQL store: waiting on the store's thread", .timeLimit(.minutes(10)))
struct PostgresThreadTests {
    @Test("an operation not admitted within the limit is cancelled, and one admitted too late does not go on")
    func notAdmitted() throws {
        let thread = PostgresThread(name: "PostgresThreadTests")
        defer { thread.stop() }
        let wentOn = Mutex(false)
        let admittedLate = Mutex<Bool?>(nil)
        let (never, open) = AsyncStream<Void>.makeStream()
        defer { open.finish() }
        let started = ContinuousClock.now
        #expect(throws: PostgresThread.NotAdmitted.self) {
            try thread.wait(admittedWithin: .milliseconds(200)) { admission in
                // As a lease does: cancellation ends the wait, and then the admission comes.
                // (A stream, not a sleep: a sleep's end would need the cooperative pool,
                // whose threads the parallel tests may all be blocking.)
                for await _ in never {}
                let admitted = admission.admit()
                admittedLate.withLock { $0 = admitted }
                guard admitted else { throw CancellationError() }
                wentOn.withLock { $0 = true }
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(admittedLate.withLock { $0 } == false)
        #expect(wentOn.withLock { $0 } == false)
    }

    @Test("an operation admitted within the limit is waited for to its end, however long after the limit")
    func admittedRunsToItsEnd() throws {
        let thread = PostgresThread(name: "PostgresThreadTests")
        defer { thread.stop() }
        let result = try thread.wait(admittedWithin: .milliseconds(100)) { admission in
            guard admission.admit() else { throw CancellationError() }
            // Blocks the store's thread past the limit, as a long query keeps it busy.
            usleep(500_000)
            return "done"
        }
        #expect(result == "done")
    }

    @Test("an operation that fails before its admission throws its own error at once, not at the limit")
    func failsBeforeAdmission() throws {
        struct Refused: Error {}
        let thread = PostgresThread(name: "PostgresThreadTests")
        defer { thread.stop() }
        let started = ContinuousClock.now
        #expect(throws: Refused.self) {
            try thread.wait(admittedWithin: .seconds(30)) { _ -> Int in throw Refused() }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
