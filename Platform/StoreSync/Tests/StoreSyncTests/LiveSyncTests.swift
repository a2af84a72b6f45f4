import Foundation
import Logging
import StoreSyncTesting
import Synchronization
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// `StoreSyncEngine.watch`: changes arrive without asking, and the watch survives the
/// server going away.
@Suite("Live sync")
struct LiveSyncTests {
    /// A machine's watch, running in a task until stopped, and what it reported.
    final class Watch: Sendable {
        private final class EventLog: Sendable {
            let events = Mutex<[StoreSyncEngine.WatchEvent]>([])
        }

        private let task: Task<Void, any Error>
        private let log = EventLog()

        init(_ machine: Machine, url: String, beforeListening: (@Sendable () async -> Void)? = nil) throws {
            var engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
            engine.beforeListening = beforeListening
            let store = machine.store
            let log = log
            task = Task { try await engine.watch([store]) { event in log.events.withLock { $0.append(event) } } }
        }

        /// What the watch reported so far, one line each: a test's failure shows why a sync
        /// came late.
        var report: Comment {
            let lines = log.events.withLock { events in
                events.map { event in
                    switch event {
                    case .synced(let reports): "synced \(reports.count) store(s)"
                    case .disconnected(let error, let retryIn): "disconnected (retry in \(retryIn)): \(error)"
                    }
                }
            }
            return Comment(
                rawValue: "the watch reported: " + (lines.isEmpty ? "nothing" : lines.joined(separator: "; ")))
        }

        var disconnections: Int {
            log.events.withLock { events in
                events.count {
                    if case .disconnected = $0 { true } else { false }
                }
            }
        }

        /// Stops the watch and waits for it to return.
        func stop() async throws {
            task.cancel()
            try await task.value
        }
    }

    /// A count shared with a closure of the engine's.
    final class Counter: Sendable {
        private let count = Mutex(0)

        /// The count so far, then one more.
        func next() -> Int {
            count.withLock { count in
                defer { count += 1 }
                return count
            }
        }
    }

    /// Waits up to `seconds` for `condition`. Generous: the watch's work and this loop wait
    /// for a thread of the cooperative pool (one per core), which the whole suite running in
    /// parallel keeps busy for minutes on a machine of two cores (a test waited 150 s for its
    /// first); a change that never arrives still fails the test.
    private func eventually(within seconds: Double = 300, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    @Test("a change another machine pushes arrives at a watching machine without a sync")
    func remoteChangeArrives() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try await a.sync(url)
        let watch = try Watch(b, url: url)
        #expect(try await eventually { await b.hasSynced }, watch.report)
        try a.add(movie: 550, at: 1_000, note: "live")
        try await a.sync(url)
        #expect(try await eventually { try b.movies().map(\.description) == ["550/live"] })
        try await watch.stop()
    }

    @Test(
        "a first push to a new server whose records carry the watching machine's versions is heard by it: the notice names the pushing machine"
    )
    func firstPushWithOthersVersionsArrives() async throws {
        let first = try await TestPostgres.newDatabase()
        let second = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try b.add(movie: 1, at: 1_000, note: "B's")
        try await b.sync(first)
        try await a.sync(first)
        try await b.sync(second)
        let listening = Counter()
        let watch = try Watch(b, url: second) { _ = listening.next() }
        #expect(try await eventually { listening.next() > 0 })
        // Past the sync the watch runs once it listens.
        try await Task.sleep(for: .seconds(1))
        // A's first push there sends movie 1 at B's versions, then its own movie 7.
        try a.add(movie: 7, at: 1_000, note: "A's")
        try await a.sync(second)
        #expect(try await eventually { try b.movies().map(\.movie) == [1, 7] })
        try await watch.stop()
    }

    @Test("a change another machine pushes between a watch's first sync and its listening arrives too")
    func pushBeforeListeningArrives() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try await a.sync(url)
        try a.add(movie: 8, at: 1_000, note: "pushed before the watch listens")
        let pusher = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        let storeOfA = a.store
        let pushes = Counter()
        let watch = try Watch(b, url: url) {
            // A's push, once: after B's first sync, before B listens.
            guard pushes.next() == 0 else { return }
            _ = try? await pusher.sync([storeOfA])
        }
        #expect(try await eventually { try b.movies().map(\.description) == ["8/pushed before the watch listens"] })
        #expect(pushes.next() >= 1)
        try await watch.stop()
    }

    @Test("a change saved on a watching machine is pushed without a sync")
    func localChangeIsPushed() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let watch = try Watch(a, url: url)
        #expect(try await eventually { await a.hasSynced }, watch.report)
        try a.add(movie: 13, at: 1_000, note: "saved while watching")
        #expect(
            try await eventually {
                (try? await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url)) == 1
            })
        try await b.sync(url)
        #expect(try b.movies().map(\.description) == ["13/saved while watching"])
        try await watch.stop()
    }

    @Test("after the server restarts, the watch connects again and changes arrive again")
    func reconnects() async throws {
        let server = try await TestPostgres.startOwnServer()
        let url = try await server.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try await a.sync(url)
        let watch = try Watch(b, url: url)
        #expect(try await eventually { await b.hasSynced }, watch.report)
        try await server.restart()
        try a.add(movie: 7, at: 1_000, note: "after the restart")
        try await a.sync(url)
        // The watch retries 1, 3, 7, 15, 31 and 61 s after the restart, then every 30 s.
        #expect(try await eventually { try b.movies().map(\.description) == ["7/after the restart"] })
        #expect(watch.disconnections >= 1)
        try await watch.stop()
    }
}

extension Machine {
    /// Whether this machine's store has finished a sync.
    var hasSynced: Bool {
        get async {
            let lastSync = try? await container.readSyncMetadata { try SyncState.read(from: $0).lastSync }
            return lastSync != nil
        }
    }
}
