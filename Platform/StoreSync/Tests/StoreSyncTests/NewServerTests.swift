import Foundation
import StoreSyncTesting
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// Stores that move to a new server (another database or account): each sends every model
/// there, each field at the version it was written, with the deletions it saw, so that the
/// machines end as one server would have left them, whichever moves first.
@Suite("Moving to a new server")
struct NewServerTests {
    @Test("two machines that changed different fields of one entry before moving keep both changes")
    func fieldsChangedBeforeMoving() async throws {
        let first = try await TestPostgres.newDatabase()
        let second = try await TestPostgres.newDatabase()
        let (a, b) = (try Machine(), try Machine())
        try a.add(movie: 1, at: 1_000, note: "before")
        try await a.sync(first)
        try await b.sync(first)
        try a.edit(movie: 1, note: "A's note")
        try await Task.sleep(for: .milliseconds(5))
        try b.edit(movie: 1, createdAt: 2_000)

        try await a.sync(second)
        try await b.sync(second)
        try await a.sync(second)
        for machine in [a, b] {
            #expect(try machine.movies().map(\.descriptionWithTime) == ["1/A's note@2000.0"])
        }
    }

    @Test("a deletion a machine never pulled from the old server holds when it moves after the machine that made it")
    func deletionNotPulledBeforeMoving() async throws {
        let first = try await TestPostgres.newDatabase()
        let second = try await TestPostgres.newDatabase()
        let (a, c) = (try Machine(), try Machine())
        try a.add(movie: 1)
        try a.add(movie: 3)
        try await a.sync(first)
        try await c.sync(first)
        try a.remove(movie: 3)
        try await a.sync(first)

        try await a.sync(second)
        try await c.sync(second)
        try await a.sync(second)
        for machine in [a, c] { #expect(try machine.movies().map(\.movie) == [1]) }
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: second)
                == 1)
    }

    @Test("the deletions a store noted are forgotten once older than the tombstone retention")
    func deletionsForgottenAfterRetention() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1)
        try a.add(movie: 3)
        try await a.sync(url)
        try a.remove(movie: 3)
        try await a.sync(url)
        let noted = { try await a.container.readSyncMetadata { try $0.deletions().count } }
        #expect(try await noted() == 1)
        var engine = StoreSyncEngine(remote: try SyncRemote(url: url))
        engine.tombstoneRetention = .zero
        try a.remove(movie: 1)
        _ = try await engine.sync([a.store])
        #expect(try await noted() == 0)
    }
}
