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
            guard case .serverWentBack(_, let store, let cursor, let lastSequence) = error else {
                Issue.record("not refused as a server that went back: \(String(describing: error))")
                continue
            }
            #expect(store == "notes" && cursor > lastSequence)
            #expect(try machine.movies().map(\.description) == ["1/before the backup", "2/after the backup"])
        }
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url) == 1)
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
