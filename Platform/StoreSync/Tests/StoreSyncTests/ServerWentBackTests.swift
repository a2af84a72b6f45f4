import Foundation
import PopcornTestSupport
import StoreSyncTesting
import Testing

@testable import StoreSync

/// A server restored from an older copy of its database: its sequence numbers go back
/// below the cursors of the devices that synced since. Syncing on would leave their pushed
/// changes on no server row and their later writes unpulled; the engine refuses, and
/// changes nothing.
@Suite("A server that went back in time")
struct ServerWentBackTests {
    @Test("a server restored from a pg_dump taken before A's last sync is refused by A and B, which keep their models")
    func restoredFromDumpIsRefused() async throws {
        let url = try await TestPostgres.newDatabase()
        let folder = TemporaryFolder(prefix: "ServerWentBack")
        let backup = folder.file("server.dump")
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1, note: "before the backup")
        try await a.sync(url)
        try await b.sync(url)
        try TestPostgres.dump(url, to: backup)
        try a.add(movie: 2, note: "after the backup")
        try await a.sync(url)
        try await b.sync(url)
        try TestPostgres.restore(url, from: backup)

        for machine in [a, b] {
            let error = await #expect(throws: SyncError.self) { try await machine.sync(url) }
            guard case .serverWentBack(_, let store, let evidence) = error else {
                Issue.record("not refused as a server that went back: \(String(describing: error))")
                continue
            }
            #expect(store == "notes" && evidence.contains("the server's last is"))
            #expect(try machine.movies().map(\.description) == ["1/before the backup", "2/after the backup"])
        }
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url) == 1)
    }

    @Test(
        "a server restored from a dump, whose sequence numbers another machine took past A's cursor since, is refused by A, which keeps its models"
    )
    func restoredAndOvertakenIsRefused() async throws {
        let url = try await TestPostgres.newDatabase()
        let folder = TemporaryFolder(prefix: "ServerWentBack")
        let backup = folder.file("server.dump")
        let a = try Machine()
        let c = try Machine()
        try a.add(movie: 1, note: "before the backup")
        try await a.sync(url)
        try await c.sync(url)
        try TestPostgres.dump(url, to: backup)
        try a.add(movie: 2, note: "after the backup")
        try a.edit(movie: 1, note: "edited after the backup")
        try await a.sync(url)
        try TestPostgres.restore(url, from: backup)
        // C had synced only before the copy: the restored server is all it knows, and its
        // writes take the sequence numbers past A's cursor.
        for movie in 10..<16 { try c.add(movie: movie) }
        try await c.sync(url)
        #expect(try await TestPostgres.integer("SELECT last_value FROM storesync_seq", on: url) ?? 0 > 3)

        let error = await #expect(throws: SyncError.self) { try await a.sync(url) }
        guard case .serverWentBack(_, let store, let evidence) = error else {
            Issue.record("not refused as a server that went back: \(String(describing: error))")
            return
        }
        #expect(store == "notes" && evidence.contains("the server's note says that it pulled up to"))
        #expect(try a.movies().map(\.description) == ["1/edited after the backup", "2/after the backup"])
        let aMovies = try await TestPostgres.integer(
            "SELECT count(*) FROM storesync_records_notes WHERE fields->>'movieID' IN ('1', '2')", on: url)
        #expect(aMovies == 1)
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

    @Test("tables of version 4 are migrated: each device's note starts at its cursor, and a rewind after is refused")
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
        await #expect(throws: SyncError.self) { try await a.sync(url) }
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
}
