import Dispatch
import Foundation
import OpenSwiftData
import PopcornTestSupport
import Synchronization
import Testing

@testable import DataPersistenceInfrastructure

/// `StoreOwners`: one owner per store file in a process, opened with no lock held, those who
/// ask meanwhile waiting suspended. Each test has owners of its own.
@Suite("StoreOwners: one owner per file, opened with no lock held")
struct StoreOwnersTests {
    /// How many times the stores were opened.
    final class OpenCount: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    struct Refused: Error {}

    let folder = TemporaryFolder()
    var url: URL { folder.url.appending(path: "store.sqlite") }

    /// What an open makes: an actor, here over a store in memory.
    static func makeActor() throws -> StoreActor {
        StoreActor(
            modelContainer: try ModelContainer(
                for: Schema([CachedMovie.self]), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)]))
    }

    @Test("many tasks opening one file at once get one owner, made by one open")
    func concurrentOpensGetOneOwner() async throws {
        let owners = StoreOwners()
        let opens = OpenCount()
        let url = self.url
        let actors = try await withThrowingTaskGroup(of: StoreActor.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    try await owners.owner(of: url, access: .readWrite) {
                        opens.add()
                        // An open that takes a while, so that the others ask while it runs.
                        Thread.sleep(forTimeInterval: 0.05)
                        return try Self.makeActor()
                    }
                }
            }
            return try await group.reduce(into: [StoreActor]()) { $0.append($1) }
        }
        #expect(opens.value == 1)
        #expect(actors.count == 32)
        #expect(actors.allSatisfy { $0 === actors[0] })
    }

    @Test("an open that throws keeps nothing: the next call opens again, and the owner it makes is kept")
    func failedOpenKeepsNothing() async throws {
        let owners = StoreOwners()
        let url = self.url
        await #expect(throws: Refused.self) {
            try await owners.owner(of: url, access: .readWrite) { () throws(Refused) -> StoreActor in throw Refused() }
        }
        let actor = try Self.makeActor()
        let opened = try await result(within: .seconds(10)) {
            await owners.owner(of: url, access: .readWrite) { actor }
        }
        try #require(opened === actor, "the open after the failed one returned its owner")
        let again = try await owners.owner(of: url, access: .readWrite) {
            Issue.record("the open store was opened again")
            return try Self.makeActor()
        }
        #expect(again === actor)
    }

    @Test("those who waited for an open that throws open the file again, once, and share its owner")
    func waitersOfAFailedOpenOpenAgain() async throws {
        let owners = StoreOwners()
        let url = self.url
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // Off the pool, which this test's own work needs while the open is held.
        let failing = Task(executorPreference: OwnThreadExecutor()) {
            try await owners.owner(of: url, access: .readWrite) { () throws(Refused) -> StoreActor in
                started.signal()
                release.wait()
                throw Refused()
            }
        }
        await offThePool { started.wait() }
        let opens = OpenCount()
        let waiters = (0..<8).map { _ in
            Task {
                try await owners.owner(of: url, access: .readWrite) {
                    opens.add()
                    return try Self.makeActor()
                }
            }
        }
        // The first open fails once the waiters have asked, let go from off the pool, which
        // they may take.
        await offThePool {
            Thread.sleep(forTimeInterval: 0.2)
            release.signal()
        }
        await #expect(throws: Refused.self) { try await failing.value }
        var actors: [StoreActor] = []
        for waiter in waiters {
            actors.append(try #require(await result(within: .seconds(10)) { try await waiter.value }))
        }
        #expect(opens.value == 1)
        #expect(actors.allSatisfy { $0 === actors[0] })
    }

    @Test(
        "those who wait for a file's open hold no thread: while it runs, more waiters than the cooperative pool has threads, and other work on the pool still runs"
    )
    func waitersHoldNoThread() async throws {
        let owners = StoreOwners()
        let url = self.url
        let actor = try Self.makeActor()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // Off the pool, so that the waiters and the other work have all of its threads.
        let opener = Task(executorPreference: OwnThreadExecutor()) {
            await owners.owner(of: url, access: .readWrite) {
                started.signal()
                release.wait()
                return actor
            }
        }
        await offThePool { started.wait() }
        // The pool has a thread per core: a waiter that blocked its thread would leave none.
        let waiters = (0..<(4 * ProcessInfo.processInfo.activeProcessorCount)).map { _ in
            Task {
                await owners.owner(of: url, access: .readWrite) {
                    Issue.record("a waiter opened the file")
                    return actor
                }
            }
        }
        let otherWorkRan = DispatchSemaphore(value: 0)
        Task { otherWorkRan.signal() }
        // Watched from off the pool, whose threads a blocking wait would all take; the open
        // is let go whatever happened, so that a failure ends.
        let ranWhileOpening = await offThePool {
            let ran = otherWorkRan.wait(timeout: .now() + 10) == .success
            release.signal()
            return ran
        }
        #expect(ranWhileOpening, "other work waited for the open: its waiters took the pool's threads")
        #expect(await opener.value === actor)
        for waiter in waiters { #expect(await waiter.value === actor) }
    }

    @Test(
        "an open runs on a thread of its own: more files opening at once than the cooperative pool has threads, each open blocked, and other work on the pool still runs"
    )
    func opensHoldNoPoolThread() async throws {
        let owners = StoreOwners()
        let actor = try Self.makeActor()
        let count = 4 * ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // Each the first to open its file, from the pool: an open that ran on its caller's
        // thread would block a thread of the pool until released.
        let openers = (0..<count).map { index in
            let url = folder.url.appending(path: "store-\(index).sqlite")
            return Task {
                await owners.owner(of: url, access: .readWrite) {
                    started.signal()
                    release.wait()
                    return actor
                }
            }
        }
        let otherWorkRan = DispatchSemaphore(value: 0)
        // Watched from off the pool; the opens are let go whatever happened, so that a
        // failure ends.
        let ranWhileOpening = await offThePool {
            let deadline = DispatchTime.now() + 10
            for _ in 0..<count { _ = started.wait(timeout: deadline) }
            Task { otherWorkRan.signal() }
            let ran = otherWorkRan.wait(timeout: deadline + 10) == .success
            for _ in 0..<count { release.signal() }
            return ran
        }
        #expect(ranWhileOpening, "other work waited for the opens: they took the pool's threads")
        for opener in openers { #expect(await opener.value === actor) }
    }
}
