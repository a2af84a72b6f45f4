import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Two machines (two data folders) and one real PostgreSQL server.
@Suite("Two machines, one server")
struct TwoMachineSyncTests {
    @Test("added on A, synced from A then B: B has it; removed on B: gone on both")
    func addThenRemove() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 550, at: 1_000, note: "with Ana")

        let pushed = try await a.sync(url)
        #expect(pushed.sentChanges == 1 && pushed.received == 0)
        let pulled = try await b.sync(url)
        #expect(pulled.sent == 0 && pulled.receivedInsertions == 1)
        #expect(try b.movies() == a.movies())
        #expect(try b.movies().map(\.description) == ["550/with Ana"])

        try b.remove(movie: 550)
        let removal = try await b.sync(url)
        #expect(removal.sentDeletions == 1)
        let applied = try await a.sync(url)
        #expect(applied.receivedDeletions == 1)
        #expect(try a.movies().isEmpty)
        #expect(try b.movies().isEmpty)
    }

    @Test("a deleted record's fields leave the server: its tombstone keeps none, and a later edit brings it back whole")
    func tombstoneWithoutFields() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 8, note: "a private note")
        try await a.sync(url)
        try await b.sync(url)
        try a.remove(movie: 8)
        try await a.sync(url)
        let rows = try await TestPostgres.execute(
            "SELECT fields::text, deleted FROM storesync_records_notes", on: url)
        let stored = try rows.map { try $0.decode((String, Bool).self) }
        #expect(stored.count == 1)
        #expect(stored.first?.0 == "{}" && stored.first?.1 == true)

        // B, which had not seen the deletion, edits later: the record comes back whole.
        try await Task.sleep(for: .milliseconds(20))
        try b.edit(movie: 8, note: "edited after")
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.description) == ["8/edited after"])
        #expect(try a.movies() == b.movies())
    }

    @Test("the same movie added on both machines is one entry after sync, on both")
    func sameMovieOnBoth() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 13, at: 1_000)
        // Later by more than the versions' millisecond: saves within one are concurrent.
        try await Task.sleep(for: .milliseconds(20))
        try b.add(movie: 13, at: 2_000)
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)

        #expect(try a.movies().count == 1)
        #expect(try a.movies() == b.movies())
        // The later write wins: B's date.
        #expect(try a.movies().first?.createdAt == 2_000)
        let rows = try await TestPostgres.execute("SELECT count(*) FROM storesync_records_notes", on: url)
        #expect(try rows.first?.decode(Int.self) == 1)
    }

    @Test("edits made on both while offline converge to the same state on both: the last writer wins per record")
    func offlineEdits() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        for movie in 1...4 { try a.add(movie: movie, at: 1_000) }
        try await a.sync(url)
        try await b.sync(url)

        // Offline: both edit movie 1 (B last), A edits 2, B deletes 3 while A edits it
        // later, B adds 5 and A adds 6.
        try a.edit(movie: 1, note: "A")
        try await Task.sleep(for: .milliseconds(20))
        try b.edit(movie: 1, note: "B")
        try a.edit(movie: 2, note: "A only")
        try b.remove(movie: 3)
        try await Task.sleep(for: .milliseconds(20))
        try a.edit(movie: 3, note: "A after B deleted")
        try b.add(movie: 5)
        try a.add(movie: 6)

        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)

        #expect(try a.movies() == b.movies())
        #expect(
            try a.movies().map(\.description) == ["1/B", "2/A only", "3/A after B deleted", "4/-", "5/-", "6/-"])
    }

    @Test("a deletion newer than an edit wins over it")
    func deletionWins() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 7, at: 1_000)
        try await a.sync(url)
        try await b.sync(url)
        try a.edit(movie: 7, note: "older edit")
        try await Task.sleep(for: .milliseconds(20))
        try b.remove(movie: 7)
        try await b.sync(url)
        try await a.sync(url)
        try await b.sync(url)
        #expect(try a.movies().isEmpty)
        #expect(try b.movies().isEmpty)
    }

    @Test("a sync with nothing new sends and receives nothing, and leaves the history empty")
    func upToDate() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        for movie in 1...50 { try a.add(movie: movie) }
        try await a.sync(url)
        try await b.sync(url)
        let again = try await a.sync(url)
        let againB = try await b.sync(url)
        #expect(again.sent == 0 && again.received == 0)
        #expect(againB.sent == 0 && againB.received == 0)
        #expect(try b.movies().count == 50)
        let history = try ModelContext(b.container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.isEmpty)
    }

    @Test("attributes of several types, without a domain key, arrive as they were written")
    func attributeTypes() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let identifier = UUID()
        let context = ModelContext(a.container)
        context.insert(
            Memo(
                title: "Ünïcode \"quoted\" / é", rating: 0.1 + 0.2, tags: ["x", "y"], kind: .idea,
                identifier: identifier))
        context.insert(Memo(title: "plain"))
        try context.save()
        try await a.sync(url)
        try await b.sync(url)

        let memos = try b.memos()
        #expect(memos.map(\.title) == ["plain", "Ünïcode \"quoted\" / é"])
        let rich = try #require(memos.last)
        #expect(rich.rating == 0.1 + 0.2)
        #expect(rich.tags == ["x", "y"])
        #expect(rich.kind == .idea)
        #expect(rich.identifier == identifier)
        #expect(memos.first?.kind == nil)
    }

    @Test("a store synced with another server sends everything to it and takes what it has")
    func anotherServer() async throws {
        let first = try await TestPostgres.newDatabase()
        let second = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1)
        try await a.sync(first)
        try b.add(movie: 2)
        try await b.sync(second)
        let moved = try await a.sync(second)
        #expect(moved.sentChanges == 1 && moved.receivedInsertions == 1)
        try await b.sync(second)
        #expect(try a.movies() == b.movies())
        #expect(try a.movies().count == 2)
    }

    @Test("records pulled by B are not pushed back by B")
    func noEcho() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        for movie in 1...5 { try a.add(movie: movie) }
        try await a.sync(url)
        try await b.sync(url)
        let before = try await TestPostgres.execute("SELECT max(seq) FROM storesync_records_notes", on: url)
        let echo = try await b.sync(url)
        #expect(echo.sent == 0)
        let after = try await TestPostgres.execute("SELECT max(seq) FROM storesync_records_notes", on: url)
        #expect(try before.first?.decode(Int64.self) == after.first?.decode(Int64.self))
    }
}
