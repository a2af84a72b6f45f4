import Foundation
import Logging
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// The server removes tombstones once they are older than the retention and every device
/// syncing the store has pulled them, and a device that returns after longer than the
/// retention is brought up to date.
@Suite("Tombstone compaction")
struct TombstoneCompactionTests {
    private func tombstones(_ url: String) async throws -> Int? {
        try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE deleted", on: url)
    }

    /// Syncs `machine` as if the retention had passed since the deletions: a retention of a
    /// second, and a compaction that takes the time to be a day ahead of the server's. (A
    /// tombstone's version is not dated back instead: it is later than every write of the
    /// record before it, which a store that pulled those writes relies on.)
    private func syncAfterRetention(_ machine: Machine, _ url: String) async throws {
        try await machine.sync(url, tombstoneRetention: .seconds(1), compactionClockAhead: .seconds(86_400))
    }

    @Test("a tombstone stays until every device has pulled it and the retention has passed, then goes")
    func removedOnceEveryDeviceHasIt() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let c = try Machine()
        try a.add(movie: 1, at: 1_000)
        try a.add(movie: 2, at: 1_000)
        for machine in [a, b, c] { try await machine.sync(url) }

        try a.remove(movie: 1)
        try await a.sync(url)
        try await b.sync(url)
        // C has not pulled the deletion yet.
        #expect(try await tombstones(url) == 1)
        try await syncAfterRetention(c, url)
        #expect(try await tombstones(url) == 0)
        for machine in [a, b, c] { #expect(try machine.movies().map(\.description) == ["2/-"]) }
    }

    @Test(
        "a device whose sync was cut off after its push holds back the tombstones of what it pushed: its next push does not bring a deletion back"
    )
    func cutOffPushHoldsTombstones() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1, at: 1_000)
        try a.add(movie: 2, at: 1_000)
        // A's first sync: its push reaches the server, then the sync is cut off before
        // it notes the push (the next push sends the same records again).
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterPushing) }
        try await b.sync(url)
        try b.remove(movie: 1)
        try await b.sync(url)
        // A has not pulled the deletion: its tombstone stays.
        #expect(try await tombstones(url) == 1)

        try await a.sync(url)
        try await b.sync(url)
        for machine in [a, b] { #expect(try machine.movies().map(\.description) == ["2/-"]) }
        let live = try await TestPostgres.integer(
            "SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
        #expect(live == 1)
    }

    @Test("a device away longer than the retention does not hold tombstones back, and catches up when it returns")
    func returningDeviceCatchesUp() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let away = try Machine()
        try a.add(movie: 1, at: 1_000)
        try a.add(movie: 2, at: 1_000)
        try a.add(movie: 3, at: 1_000)
        for machine in [a, b, away] { try await machine.sync(url) }
        _ = try await TestPostgres.execute(
            "UPDATE storesync_devices SET seen_at = now() - interval '100 days'", on: url)

        try a.remove(movie: 1)
        try await a.sync(url)
        try await syncAfterRetention(b, url)
        #expect(try await tombstones(url) == 0)

        // Away, it changed movie 3 and added movie 4: both are kept and sent.
        try away.edit(movie: 3, note: "changed while away")
        try away.add(movie: 4, at: 2_000)
        let report = try await away.sync(url)
        #expect(report.receivedDeletions == 1)
        try await a.sync(url)
        let expected = ["2/-", "3/changed while away", "4/-"]
        #expect(try away.movies().map(\.description) == expected)
        #expect(try a.movies().map(\.description) == expected)
    }

    @Test(
        "a device away longer than the retention that edited a movie deleted meanwhile pulls before it pushes: the movie stays deleted everywhere"
    )
    func returningDeviceDoesNotBringBackDeleted() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let away = try Machine()
        try a.add(movie: 1, at: 1_000)
        try a.add(movie: 2, at: 1_000)
        for machine in [a, away] { try await machine.sync(url) }
        _ = try await TestPostgres.execute(
            "UPDATE storesync_devices SET seen_at = now() - interval '100 days'", on: url)
        try away.edit(movie: 1, note: "changed while away")
        try away.add(movie: 3, at: 2_000)

        try a.remove(movie: 1)
        try await a.sync(url)
        try await syncAfterRetention(a, url)
        #expect(try await tombstones(url) == 0)

        let report = try await away.sync(url)
        #expect(report.receivedDeletions == 1)
        try await a.sync(url)
        let expected = ["2/-", "3/-"]
        #expect(try away.movies().map(\.description) == expected)
        #expect(try a.movies().map(\.description) == expected)
        let live = try await TestPostgres.integer(
            "SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
        #expect(live == 2)
    }

    @Test(
        "a tombstone every device has pulled stays for the retention: a store that joins with the record later loses it"
    )
    func keptForTheRetention() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1, at: 1_000)
        try a.add(movie: 2, at: 1_000)
        try await a.sync(url)
        try a.remove(movie: 1)
        try await a.sync(url)
        try await a.sync(url)
        #expect(try await tombstones(url) == 1)
    }

    @Test(
        "a device's note after its pull waits for a push of the same device in another process, instead of deadlocking with it (40P01)"
    )
    func noteWaitsForAPushOfTheSameDevice() async throws {
        let url = try await TestPostgres.newDatabase()
        let machine = try Machine()
        try machine.add(movie: 1)
        try await machine.sync(url)
        let device = try #require(
            try await TestPostgres.execute("SELECT device FROM storesync_devices WHERE store = 'notes'", on: url)
                .first?.decode(UUID.self))
        let logger = Logger(label: "test")
        let pusher = try await RemoteConnection.open(try SyncRemote(url: url), logger: logger)
        let noter = try await RemoteConnection.open(try SyncRemote(url: url), logger: logger)
        // A push of the store in flight in one process: the records table locked as a push
        // locks it; the device's note, which a push raises last, not yet.
        let compaction = TombstoneCompaction(remote: noter, store: "notes", table: "storesync_records_notes")
        var noted: Task<Void, any Error>?
        var pushFailure: (any Error)?
        do {
            try await pusher.query("BEGIN")
            try await pusher.query("LOCK TABLE storesync_records_notes IN SHARE ROW EXCLUSIVE MODE")
            // The same device's note after a pull, in the other process.
            noted = Task { try await compaction.note(device: device, cursor: 1, retention: .seconds(3600)) }
            while try await pusher.query("SELECT count(*) FROM pg_locks WHERE NOT granted").first?.decode(Int.self)
                == 0
            {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await pusher.query(
                "UPDATE storesync_devices SET noted = greatest(noted, 1) WHERE store = 'notes' AND device = \(device)")
            try await pusher.query("COMMIT")
        } catch {
            pushFailure = error
        }
        let noteOutcome = await noted?.result
        await pusher.close()
        await noter.close()
        #expect(pushFailure == nil, "the push: \(String(describing: pushFailure))")
        #expect(throws: Never.self, "the note") { try noteOutcome?.get() }
    }

    @Test(
        "seed 90 (STORESYNC_SIM_STEPS=60): a memo whose push reached the server, cut off before it was noted, and deleted elsewhere while its device was away past the retention, comes back (Limits): the catch-up cannot tell it from an add never sent"
    )
    func unnotedPushThenAwayComesBack() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try await a.sync(url)
        try await b.sync(url)
        let context = ModelContext(a.container)
        context.insert(Memo(title: "draft", rating: 1))
        try a.save(context)
        // A's push reaches the server; the sync is cut off before A notes it.
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterPushing) }
        try await b.sync(url)
        #expect(try b.memos().compactMap(\.title) == ["draft"])
        try b.removeMemoTitled("draft")
        try await b.sync(url)
        // A stays away past the retention; B's next sync removes the tombstone.
        _ = try await TestPostgres.execute(
            "UPDATE storesync_devices SET seen_at = now() - interval '100 days'", on: url)
        try await b.sync(url, tombstoneRetention: .seconds(1), compactionClockAhead: .seconds(86_400))
        #expect(try await tombstones(url) == 0)

        try await a.sync(url)
        try await b.sync(url)
        #expect(try a.memos().compactMap(\.title) == ["draft"])
        #expect(try b.memos().compactMap(\.title) == ["draft"])
    }

    @Test("a memo whose push never reached the server stays, and is sent, after its device was away past the retention")
    func unsentAddStaysAfterAway() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1, at: 1_000)
        try await a.sync(url)
        try await b.sync(url)
        try b.remove(movie: 1)
        try await b.sync(url)
        let context = ModelContext(a.container)
        context.insert(Memo(title: "kept", rating: 1))
        try a.save(context)
        _ = try await TestPostgres.execute(
            "UPDATE storesync_devices SET seen_at = now() - interval '100 days'", on: url)
        try await b.sync(url, tombstoneRetention: .seconds(1), compactionClockAhead: .seconds(86_400))
        #expect(try await tombstones(url) == 0)

        try await a.sync(url)
        try await b.sync(url)
        #expect(try a.memos().compactMap(\.title) == ["kept"])
        #expect(try b.memos().compactMap(\.title) == ["kept"])
        #expect(try a.movies().isEmpty)
    }
}
