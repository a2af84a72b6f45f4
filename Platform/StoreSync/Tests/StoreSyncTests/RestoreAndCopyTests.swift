import Foundation
import Logging
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// A store restored from a backup, or a data folder copied to another machine.
@Suite("Restores and copies")
struct RestoreAndCopyTests {
    private func device(of machine: Machine) async throws -> UUID? {
        try await machine.container.readSyncMetadata { try SyncState.read(from: $0).device }
    }

    @Test(
        "a restored backup syncs as a new device and is brought up to date: a deletion made since stays a deletion, and no other machine's work is undone"
    )
    func restoreIsBroughtUpToDate() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        for movie in 1...3 { try a?.add(movie: movie, at: 1_000, note: "first") }
        try await a?.sync(url)
        try await b.sync(url)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        // Read without holding A past its scope: the store is put back once A lets it go.
        let deviceBefore: UUID
        do {
            let original = try #require(a)
            deviceBefore = try #require(try await device(of: original))
        }

        // After the backup: A removes movie 1; B changes movie 2's note and adds movie 4.
        try a?.remove(movie: 1)
        try await a?.sync(url)
        try await Task.sleep(for: .milliseconds(20))
        try b.edit(movie: 2, note: "changed on B")
        try b.add(movie: 4, at: 2_000)
        try await b.sync(url)
        try await a?.sync(url)

        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        #expect(try restored.movies().map(\.description) == ["1/first", "2/first", "3/first"])
        try await restored.sync(url)
        try await b.sync(url)
        let expected = ["2/changed on B", "3/first", "4/-"]
        #expect(try restored.movies().map(\.description) == expected)
        #expect(try b.movies().map(\.description) == expected)
        #expect(try await device(of: restored) != deviceBefore)
    }

    @Test("a change saved in a restored store before its backup, and not pushed then, is pushed at its own version")
    func restoredPendingChangeIsPushed() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        try a?.add(movie: 1, at: 1_000, note: "first")
        try await a?.sync(url)
        try await b.sync(url)
        try a?.add(movie: 2, at: 1_000, note: "saved before the backup")
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        try a?.edit(movie: 1, note: "after the backup")
        try await a?.sync(url)
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        try await restored.sync(url)
        try await b.sync(url)
        let expected = ["1/after the backup", "2/saved before the backup"]
        #expect(try restored.movies().map(\.description) == expected)
        #expect(try b.movies().map(\.description) == expected)
    }

    @Test(
        "seed 72 (STORESYNC_SIM_SCHEDULES=100): a backup put back after a push that was cut off before it was noted is recognised: one memo, not two"
    )
    func restoredAfterCutOffPush() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        try await a?.sync(url)
        let context = ModelContext(try #require(a).container)
        context.insert(Memo(title: "draft", rating: 1))
        try a?.save(context)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        // Pushed after the backup, under a name the backup does not hold; the sync is cut
        // off before the push is noted, so the device's cursor on the server is the backup's.
        await #expect(throws: SyncError.self) { try await a?.sync(url, stoppingAt: .afterPushing) }
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        try await restored.sync(url)
        try await b.sync(url)
        #expect(try restored.memos().map(\.title) == ["draft"])
        #expect(try b.memos().map(\.title) == ["draft"])
    }

    @Test(
        "seed 51 (STORESYNC_SIM_STEPS=60): a backup put back twice sends its unpushed add twice as one add, which a removal made elsewhere in between still takes out"
    )
    func backupPutBackTwice() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Library? = try Library()
        let b = try Library()
        try a?.change { context in
            context.insert(Book(title: "Dune"))
            context.insert(Genre(name: "war"))
        }
        try await a?.sync(url)
        try a?.change { context in
            try #require(a).book("Dune", in: context).genres?.append(
                try #require(a).named(Genre.self, "war", in: context))
        }
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("library.sqlite"))
        let backup = try store.backup(label: "test")
        try await a?.sync(url)
        try await b.sync(url)
        try b.change { context in try b.book("Dune", in: context).genres = [] }
        try await b.sync(url)
        try await a?.sync(url)
        a = nil
        // Put back twice: the second time, the store's device has synced since the backup.
        try store.restore(from: backup)
        try await Library(opening: folder).sync(url)
        try store.restore(from: backup)
        let restored = try Library(opening: folder)
        try await restored.sync(url)
        try await b.sync(url)
        for machine in [restored, b] {
            #expect(try machine.contents().first { $0.hasPrefix("book Dune") }?.hasSuffix("genres []") == true)
        }
    }

    @Test(
        "seed 144 (STORESYNC_SIM_STEPS=60): a memo saved before the backup, pushed after it and deleted elsewhere since, stays deleted when the backup is put back"
    )
    func restoredModelDeletedSinceStaysDeleted() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        try await a?.sync(url)
        let context = ModelContext(try #require(a).container)
        context.insert(Memo(title: "draft", rating: 1))
        try a?.save(context)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        try await a?.sync(url)
        try await b.sync(url)
        try b.removeMemoTitled("draft")
        try await b.sync(url)
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        try await restored.sync(url)
        try await b.sync(url)
        #expect(try restored.memos().isEmpty)
        #expect(try b.memos().isEmpty)
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
                == 0)
    }

    @Test(
        "seed 82 (STORESYNC_SIM_STEPS=60): a memo saved before the backup and pushed after it, deleted in the restored store before its first sync, is deleted everywhere, also when the server lost it and B sent it again",
        arguments: [false, true])
    func restoredModelDeletedBeforeItsSync(serverLosesIt: Bool) async throws {
        let url = try await TestPostgres.newDatabase()
        let copies = TemporaryFolder(prefix: "ServerCopy")
        let dump = copies.file("server.dump")
        var a: Machine? = try Machine()
        let b = try Machine()
        try await a?.sync(url)
        try await b.sync(url)
        try await TestPostgres.dump(url, to: dump)
        let context = ModelContext(try #require(a).container)
        context.insert(Memo(title: "draft", rating: 1))
        try a?.save(context)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        try await a?.sync(url)
        try await b.sync(url)
        if serverLosesIt {
            // B, which holds the memo, sends it again to the server put back from its dump.
            try await TestPostgres.restore(url, from: dump)
            try await b.sync(url)
        }
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        // The restored store holds no name for the memo: its push came after the backup.
        try restored.removeMemoTitled("draft")
        try await restored.sync(url)
        try await b.sync(url)
        #expect(try restored.memos().isEmpty)
        #expect(try b.memos().isEmpty)
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
                == 0)
    }

    @Test(
        "seed 88 (STORESYNC_SIM_SCHEDULES=100): a memo saved before the backup and pushed after it keeps its record in the restored store: one memo, not two"
    )
    func restoredModelNamedSinceKeepsItsName() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        try await a?.sync(url)
        let context = ModelContext(try #require(a).container)
        context.insert(Memo(title: "draft", rating: 1))
        try a?.save(context)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        // Pushed after the backup, under a name the backup does not hold; then edited on B.
        try await a?.sync(url)
        try await b.sync(url)
        let edit = ModelContext(b.container)
        for memo in try edit.fetch(FetchDescriptor<Memo>()) { memo.rating = 2 }
        try b.save(edit)
        try await b.sync(url)
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        try await restored.sync(url)
        try await b.sync(url)
        #expect(try restored.memos().map(\.rating) == [2])
        #expect(try b.memos().map(\.rating) == [2])
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
                == 1)
    }

    @Test(
        "a model added to a restored store, whose primary key a model added after the backup had, gets a record of its own: the other model's record is not overwritten"
    )
    func modelAddedAfterRestoreGetsItsOwnRecord() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        try await a?.sync(url)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        // Added and pushed after the backup: the restored store holds no trace of it.
        let context = ModelContext(try #require(a).container)
        context.insert(Memo(title: "added after the backup", rating: 1))
        try a?.save(context)
        try await a?.sync(url)
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        // SQLite gives this model the primary key the lost one had.
        let again = ModelContext(restored.container)
        again.insert(Memo(title: "added after the restore", rating: 2))
        try restored.save(again)
        try await restored.sync(url)
        try await b.sync(url)
        let expected = ["added after the backup", "added after the restore"]
        #expect(try restored.memos().map(\.title) == expected)
        #expect(try b.memos().map(\.title) == expected)
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
                == 2)
    }

    @Test(
        "a restored store re-asserted wins as it is: a model deleted since comes back, an edit made since is undone, a model added elsewhere stays"
    )
    func reassertedRestore() async throws {
        let url = try await TestPostgres.newDatabase()
        var a: Machine? = try Machine()
        let b = try Machine()
        for movie in 1...3 { try a?.add(movie: movie, at: 1_000, note: "first") }
        try await a?.sync(url)
        try await b.sync(url)
        let folder = try #require(a?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        try a?.remove(movie: 1)
        try await a?.sync(url)
        try b.edit(movie: 2, note: "changed on B")
        try b.add(movie: 4, at: 2_000, note: "added on B")
        try await b.sync(url)
        a = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        let engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        let report = try #require(try await engine.reassert([restored.store]).first)
        #expect(report.reasserted == 3)
        #expect(report.repaired == 0)
        try await b.sync(url)
        let expected = ["1/first", "2/first", "3/first", "4/added on B"]
        #expect(try restored.movies().map(\.description) == expected)
        #expect(try b.movies().map(\.description) == expected)
    }

    @Test(
        "of a data folder and its copy, the one that syncs after the other moved on takes a device identity of its own")
    func copyGetsItsOwnDevice() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1, at: 1_000)
        try await a.sync(url)
        let copyFolder = TemporaryFolder(prefix: "StoreSyncTests")
        try StoreFile(url: a.folder.file("notes.sqlite")).backup(to: copyFolder.file("notes.sqlite"))
        let copy = try Machine(opening: copyFolder)
        try a.add(movie: 2, at: 1_000)
        try await a.sync(url)
        try await copy.sync(url)
        let devices = [try await device(of: a), try await device(of: copy)]
        #expect(devices[0] != nil && devices[1] != nil && devices[0] != devices[1])
        // Both keep syncing: an edit on the copy reaches the original.
        try await Task.sleep(for: .milliseconds(20))
        try copy.edit(movie: 1, note: "from the copy")
        try await copy.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.description) == ["1/from the copy", "2/-"])
        let registered = try await TestPostgres.integer("SELECT count(*) FROM storesync_devices", on: url)
        #expect(registered == 2)
    }

    @Test(
        "seed 17 (STORESYNC_SIM_STEPS=60): a backup put back behind the compaction horizon sends its unpushed edit at the version it was saved with, not above what its catch-up pulled: a later edit elsewhere wins"
    )
    func restoredAfterRetentionKeepsLaterEdit() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        var b: Machine? = try Machine()
        try a.add(movie: 5, at: 1_000, note: "first")
        try a.add(movie: 6, at: 1_000, note: "first")
        try await a.sync(url)
        try await b?.sync(url)
        try b?.edit(movie: 5, note: "B, before its backup")
        let folder = try #require(b?.folder)
        let store = StoreFile(url: folder.file("notes.sqlite"))
        let backup = try store.backup(label: "test")
        try b?.remove(movie: 5)
        try await b?.sync(url)
        try await Task.sleep(for: .milliseconds(20))
        // A had not pulled the removal: its edit brings the movie back, later than B's removal.
        try a.edit(movie: 5, note: "A, later")
        try a.remove(movie: 6)
        try await a.sync(url)
        // The retention passes while B is away: A's sync removes the tombstone of movie 6.
        _ = try await TestPostgres.execute(
            "UPDATE storesync_devices SET seen_at = now() - interval '100 days'", on: url)
        try await a.sync(url, tombstoneRetention: .seconds(1), compactionClockAhead: .seconds(86_400))
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE deleted", on: url) == 0)

        b = nil
        try store.restore(from: backup)
        let restored = try Machine(opening: folder)
        try await restored.sync(url)
        try await a.sync(url)
        let held = (restored: try restored.movies().map(\.description), a: try a.movies().map(\.description))
        #expect(held.restored == ["5/A, later"])
        #expect(held.a == ["5/A, later"])
    }
}
