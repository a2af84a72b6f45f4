import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

/// A server restored from an older copy of its database (a dump, a snapshot, a
/// point-in-time recovery): it lost what was written since, and its sequence numbers go
/// back below the cursors of the devices that synced since. Each of those devices syncs with
/// it as with a new server: it sends every model at the versions its fields were written,
/// and the deletions it saw, then pulls every record; the later write of each field, and
/// each deletion, hold on every machine.
@Suite("A server that went back in time")
struct ServerWentBackTests {
    /// A copy of a test database, taken with `pg_dump` and put back with `pg_restore`.
    private struct ServerCopy {
        let folder = TemporaryFolder(prefix: "ServerWentBack")

        func take(of url: String) async throws { try await TestPostgres.dump(url, to: folder.file("server.dump")) }

        func putBack(into url: String) async throws {
            try await TestPostgres.restore(url, from: folder.file("server.dump"))
        }
    }

    /// Fails the test when a machine's noted field versions differ from the server's.
    private func expectVersionsAsOnServer(
        _ machines: [Machine], _ url: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for machine in machines {
            let check = try await FieldVersionCheck.compare(
                machine.container, table: "storesync_records_notes", url: url)
            #expect(check.differences == [], sourceLocation: sourceLocation)
        }
    }

    @Test("a server restored from a pg_dump taken before A's last sync gets back what A and B synced since")
    func restoredFromDump() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1, note: "before the backup")
        try await a.sync(url)
        try await b.sync(url)
        try await copy.take(of: url)
        try a.add(movie: 2, note: "after the backup")
        try await a.sync(url)
        try await b.sync(url)
        try await copy.putBack(into: url)

        for machine in [a, b] {
            let report = try await machine.sync(url)
            #expect(report.serverWentBack)
            #expect(try machine.movies().map(\.description) == ["1/before the backup", "2/after the backup"])
        }
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url) == 2)
        let again = try await a.sync(url)
        #expect(!again.serverWentBack && again.sent == 0 && again.received == 0)
        try await expectVersionsAsOnServer([a, b], url)
    }

    @Test(
        "after a restore that another machine wrote past A's cursor since, the later write of each field and each deletion hold on every machine"
    )
    func restoredAndOvertaken() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let a = try Machine()
        let c = try Machine()
        for movie in 1...4 { try a.add(movie: movie, at: 1_000, note: "before the backup") }
        try await a.sync(url)
        try await c.sync(url)
        try await copy.take(of: url)
        // Lost with the restore: A's edit of 1's note, its deletion of 3, its new 2's note.
        try a.edit(movie: 1, note: "A, after the backup")
        try a.remove(movie: 3)
        try a.edit(movie: 2, note: "A, after the backup")
        try await a.sync(url)
        try await copy.putBack(into: url)
        // C had synced only before the copy: the restored server is all it knows, and its
        // writes, later than A's, take the sequence numbers past A's cursor.
        try await Task.sleep(for: .milliseconds(5))
        try c.edit(movie: 1, createdAt: 2_000)
        try c.edit(movie: 2, note: "C, after the restore")
        for movie in 10..<16 { try c.add(movie: movie) }
        try await c.sync(url)
        #expect(try await TestPostgres.integer("SELECT last_value FROM storesync_seq", on: url) ?? 0 > 3)

        let report = try await a.sync(url)
        #expect(report.serverWentBack)
        try await c.sync(url)
        let expected = ["1/A, after the backup@2000.0", "2/C, after the restore@1000.0", "4/before the backup@1000.0"]
        for machine in [a, c] {
            #expect(try machine.movies().filter { ($0.movie ?? 0) < 10 }.map(\.descriptionWithTime) == expected)
            #expect(try machine.movies().count == 9)
        }
        try await expectVersionsAsOnServer([a, c], url)
    }

    @Test(
        "seed 63 (STORESYNC_SIM_STEPS=60): a backup taken before the server went back, put back after, pulls what was written on the restored server under numbers its cursor had passed"
    )
    func backupFromBeforeTheServerWentBack() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        var a: Machine? = try Machine()
        let b = try Machine()
        try a?.add(movie: 1, at: 1_000, note: "first")
        try await a?.sync(url)
        try await b.sync(url)
        try await copy.take(of: url)
        for movie in 2...8 { try a?.add(movie: movie, at: 1_000, note: "first") }
        try await a?.sync(url)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        // Its cursor is past every number the server gave so far.
        let backup = try store.backup(label: "test")
        try await copy.putBack(into: url)
        // On the restored server, B's add takes a number that A's backup had pulled past.
        try b.add(movie: 9, at: 2_000, note: "on the restored server")
        try await b.sync(url)
        // A sends everything again to the restored server, and takes B's add.
        try await a?.sync(url)

        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        try await restored.sync(url)
        try await b.sync(url)
        let expected = (1...8).map { "\($0)/first" } + ["9/on the restored server"]
        #expect(try restored.movies().map(\.description) == expected)
        #expect(try b.movies().map(\.description) == expected)
    }

    @Test("a deletion made on B and pulled by A before the restore is sent again by A: it does not come back")
    func pulledDeletionSentAgain() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, b, c) = (try Machine(), try Machine(), try Machine())
        try a.add(movie: 1)
        try a.add(movie: 5)
        for machine in [a, b, c] { try await machine.sync(url) }
        try await copy.take(of: url)
        try b.remove(movie: 5)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.movie) == [1])
        try await copy.putBack(into: url)
        // B is gone (its data folder lost); A syncs, then C, which synced before the copy.
        let report = try await a.sync(url)
        #expect(report.serverWentBack && report.sentDeletions == 1)
        try await c.sync(url)
        #expect(try c.movies().map(\.movie) == [1])
        #expect(try a.movies().map(\.movie) == [1])
        try await expectVersionsAsOnServer([a, c], url)
    }

    @Test("a sync with a server that went back, cut off after its push, sends every model again at the next sync")
    func cutOffRejoin() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, c) = (try Machine(), try Machine())
        try a.add(movie: 1)
        try a.add(movie: 3)
        try await a.sync(url)
        try await c.sync(url)
        try await copy.take(of: url)
        try a.add(movie: 2)
        try a.remove(movie: 3)
        try await a.sync(url)
        try await copy.putBack(into: url)
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterPushing) }
        // The push happened; the server is then set back again, as if it had not.
        try await copy.putBack(into: url)
        let report = try await a.sync(url)
        #expect(report.serverWentBack)
        try await c.sync(url)
        #expect(try c.movies().map(\.movie) == [1, 2])
        try await expectVersionsAsOnServer([a, c], url)
    }

    @Test(
        "a server put back again, after a sync that sent every model to it was cut off before its pull, is recognised again"
    )
    func restoredAgainAfterCutOffRejoin() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, c) = (try Machine(), try Machine())
        try a.add(movie: 1)
        try await a.sync(url)
        try await c.sync(url)
        try await copy.take(of: url)
        try a.add(movie: 2)
        try await a.sync(url)
        try await copy.putBack(into: url)
        // A sends every model, and is cut off once that is noted, before it pulls.
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterConfirmingPush) }
        try a.add(movie: 3)
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterConfirmingPush) }
        try await copy.putBack(into: url)

        #expect(try await a.sync(url).serverWentBack)
        try await c.sync(url)
        #expect(try c.movies().map(\.movie) == [1, 2, 3])
        try await expectVersionsAsOnServer([a, c], url)
    }

    /// Dune in `genres` on A and C, synced, and the server's database dumped, then A's
    /// `lost` change synced and the server put back from the dump.
    private func duneRestored(
        in genres: [String], lost: (Library, ModelContext) throws -> Void
    ) async throws -> (url: String, a: Library, c: Library) {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, c) = (try Library(), try Library())
        try a.change { context in
            let book = Book(title: "Dune")
            context.insert(book)
            for name in ["scifi", "war", "poetry"] { context.insert(Genre(name: name)) }
            for name in genres { book.genres?.append(try a.named(Genre.self, name, in: context)) }
        }
        try await a.sync(url)
        try await c.sync(url)
        try await copy.take(of: url)
        try a.change { context in try lost(a, context) }
        try await a.sync(url)
        try await copy.putBack(into: url)
        return (url, a, c)
    }

    private func setGenres(_ machine: Library, _ change: ([Genre], ModelContext) throws -> [Genre]) throws {
        try machine.change { context in
            let book = try machine.book("Dune", in: context)
            book.genres = try change(book.genres ?? [], context)
        }
    }

    private func genres(_ machine: Library) throws -> String? {
        try machine.contents().first { $0.hasPrefix("book Dune") }?.components(separatedBy: "genres ").last
    }

    @Test(
        "seed 11 (STORESYNC_SIM_STEPS=60): after a restore, an add made on the restored server that A never saw stays, though A changed the set later"
    )
    func addNotSeenStaysAfterRestore() async throws {
        let (url, a, c) = try await duneRestored(in: ["scifi"]) { machine, context in
            try machine.book("Dune", in: context).genres?.append(try machine.named(Genre.self, "war", in: context))
        }
        try setGenres(c) { genres, context in genres + [try c.named(Genre.self, "poetry", in: context)] }
        try await c.sync(url)
        try await Task.sleep(for: .milliseconds(5))
        // Later than C's add, which A has not seen: A takes scifi off.
        try setGenres(a) { genres, _ in genres.filter { $0.name != "scifi" } }
        #expect(try await a.sync(url).serverWentBack)
        try await c.sync(url)
        #expect(try [a, c].map(genres) == ["[poetry,war]", "[poetry,war]"])
    }

    @Test(
        "seed 128 (STORESYNC_SIM_STEPS=60): a store syncing with a server that went back sends the removals it saved since its last push"
    )
    func removalSinceLastPushAfterRestore() async throws {
        let (url, a, c) = try await duneRestored(in: ["scifi", "war"]) { machine, context in
            try machine.book("Dune", in: context).genres?.append(try machine.named(Genre.self, "poetry", in: context))
        }
        try setGenres(a) { genres, _ in genres.filter { $0.name != "war" } }
        #expect(try await a.sync(url).serverWentBack)
        try await c.sync(url)
        #expect(try [a, c].map(genres) == ["[poetry,scifi]", "[poetry,scifi]"])
    }

    @Test("a to-many set sent again after a restore keeps the removals made on the restored server since")
    func toManyAfterRestore() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, c) = (try Library(), try Library())
        try a.change { context in
            let book = Book(title: "Dune")
            context.insert(book)
            for name in ["scifi", "war", "poetry"] { context.insert(Genre(name: name)) }
            for name in ["scifi", "war"] { book.genres?.append(try a.named(Genre.self, name, in: context)) }
        }
        try await a.sync(url)
        try await c.sync(url)
        try await copy.take(of: url)
        // Lost with the restore: A's removal of war and its add of poetry.
        try a.change { context in
            let book = try a.book("Dune", in: context)
            book.genres =
                (book.genres ?? []).filter { $0.name != "war" } + [try a.named(Genre.self, "poetry", in: context)]
        }
        try await a.sync(url)
        try await copy.putBack(into: url)
        // On the restored server, C removes scifi, the add of it that the copy holds.
        try c.change { context in
            let book = try c.book("Dune", in: context)
            book.genres = (book.genres ?? []).filter { $0.name != "scifi" }
        }
        try await c.sync(url)

        #expect(try await a.sync(url).serverWentBack)
        try await c.sync(url)
        for machine in [a, c] {
            #expect(try machine.contents().first { $0.hasPrefix("book Dune") }?.hasSuffix("genres [poetry]") == true)
        }
    }

    @Test(
        "a device's cursor on the server lowered by a second process syncing the same store is not taken for a server that went back"
    )
    func loweredCursorIsNotARewind() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1)
        try await a.sync(url)
        try a.add(movie: 2)
        try await a.sync(url)
        // What a second process registers before its push: the cursor it started from.
        _ = try await TestPostgres.execute("UPDATE storesync_devices SET cursor = 1", on: url)
        try a.add(movie: 3)
        try await a.sync(url)
        #expect(try a.movies().map(\.movie) == [1, 2, 3])
    }

    @Test("tables of version 4 are migrated: each device's note starts at its cursor, and a rewind after is recognised")
    func version4DevicesMigrated() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1)
        try await a.sync(url)
        _ = try await TestPostgres.execute("ALTER TABLE storesync_devices DROP COLUMN noted", on: url)
        _ = try await TestPostgres.execute("UPDATE storesync_schema SET version = 4", on: url)
        try a.add(movie: 2)
        try await a.sync(url)
        #expect(try await TestPostgres.integer("SELECT version FROM storesync_schema", on: url) == 5)
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_devices WHERE noted = cursor", on: url) == 1)
        _ = try await TestPostgres.execute("UPDATE storesync_devices SET noted = 0, cursor = 0", on: url)
        #expect(try await a.sync(url).serverWentBack)
    }

    @Test("a compaction horizon beyond every sequence number the server gave deletes nothing")
    func horizonBeyondSequenceIsRefused() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1)
        try a.add(movie: 2)
        try await a.sync(url)
        _ = try await TestPostgres.execute("DELETE FROM storesync_records_notes", on: url)
        _ = try await TestPostgres.execute(
            "INSERT INTO storesync_compactions (store, horizon) VALUES ('notes', 1000000000)", on: url)
        await #expect(throws: SyncError.self) { try await a.sync(url) }
        #expect(try a.movies().map(\.movie) == [1, 2])
    }

    @Test(
        "seed 59 (STORESYNC_SIM_STEPS=60): a store whose pull was applied and not noted on the server, which then went back in time, takes it for one that went back, though its sequence passed the store's cursor again"
    )
    func pullNotNotedBeforeTheRestore() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, b, c) = (try Machine(), try Machine(), try Machine())
        for machine in [a, b, c] { try await machine.sync(url) }
        try await copy.take(of: url)
        for movie in 1...3 { try b.add(movie: movie, at: 1_000, note: "B") }
        try await b.sync(url)
        // A applies the pull of B's movies; its sync ends before it notes its cursor there.
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterApplyingPull) }
        #expect(try a.movies().count == 3)
        try await copy.putBack(into: url)
        // C's new movie takes a number A's cursor has passed; B's sync after the restore sends
        // its movies again, past A's cursor.
        try c.add(movie: 9, at: 2_000, note: "C")
        try await c.sync(url)
        try await b.sync(url)
        let report = try await a.sync(url)
        #expect(report.serverWentBack)
        #expect(try a.movies().map(\.movie) == [1, 2, 3, 9])
    }

    @Test(
        "seed 76 (STORESYNC_SIM_STEPS=60): an edit the server kept its own over, not pulled before the server went back, is sent again at the version it was written at, above the older copy's"
    )
    func supersededEditSentAgainAtItsVersion() async throws {
        let url = try await TestPostgres.newDatabase()
        let copy = ServerCopy()
        let (a, b) = (try Machine(), try Machine())
        try a.add(movie: 1, note: "first")
        try await a.sync(url)
        try await b.sync(url)
        try await copy.take(of: url)
        // B's clock is an hour ahead: its edit wins over A's, made after it.
        b.clockOffset = 3_600
        try b.edit(movie: 1, note: "B")
        try await b.sync(url)
        try a.edit(movie: 1, note: "A")
        // Its number, past the copy's last, tells A that the server went back.
        try a.add(movie: 2, note: "A")
        // The server keeps B's edit over A's; A's sync ends before it pulls B's.
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterConfirmingPush) }
        try await copy.putBack(into: url)

        // The server lost B's edit: A's, later than the copy's, is the latest it can have.
        #expect(try await a.sync(url).serverWentBack)
        #expect(try a.movies().map(\.description) == ["1/A", "2/A"])
        // B sends its edit again, and it wins again.
        try await b.sync(url)
        try await a.sync(url)
        for machine in [a, b] { #expect(try machine.movies().map(\.description) == ["1/B", "2/A"]) }
        try await expectVersionsAsOnServer([a, b], url)
    }
}
