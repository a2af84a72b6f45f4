import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// A model added in a store that already holds the named model of its domain key, as a
/// second process of the store does when it found the movie absent before the first
/// process's sync pulled it (``LocalDuplicates``).
@Suite("Local duplicates of a domain key")
struct LocalDuplicateTests {
    /// A and B hold movie 13, added on A and synced; B then adds it again, as a second
    /// process of B's store would.
    private static func duplicateOnB(_ url: String) async throws -> (a: Machine, b: Machine) {
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 13, at: 1_000, note: "from A")
        try await a.sync(url)
        try await b.sync(url)
        try await Task.sleep(for: .milliseconds(20))
        try b.add(movie: 13, at: 2_000, note: "added again")
        #expect(try b.movies().count == 2)
        return (a, b)
    }

    private static func liveRecords(_ url: String) async throws -> Int? {
        let rows = try await TestPostgres.execute(
            "SELECT count(*) FROM storesync_records_notes WHERE NOT deleted", on: url)
        return try rows.first?.decode(Int.self)
    }

    @Test("the later add is folded into the named entry: one entry on both machines, one record, the add's values")
    func foldedIntoTheNamedEntry() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await Self.duplicateOnB(url)

        try await b.sync(url)
        try await a.sync(url)
        #expect(try b.movies().map(\.description) == ["13/added again"])
        #expect(try b.movies().first?.createdAt == 2_000)
        #expect(try a.movies() == b.movies())
        #expect(try await Self.liveRecords(url) == 1)
    }

    @Test("an edit made elsewhere after the second add wins over the fold")
    func laterEditElsewhereWins() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await Self.duplicateOnB(url)
        try await Task.sleep(for: .milliseconds(20))
        try a.edit(movie: 13, note: "edited on A later")
        try await a.sync(url)

        try await b.sync(url)
        try await a.sync(url)
        #expect(try b.movies().map(\.description) == ["13/edited on A later"])
        // The field A did not edit is the add's.
        #expect(try b.movies().first?.createdAt == 2_000)
        #expect(try a.movies() == b.movies())
    }

    @Test("a field the named entry changed here after the add is kept: copied to the add, which takes the name")
    func laterLocalEditKept() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await Self.duplicateOnB(url)
        try await Task.sleep(for: .milliseconds(20))
        let context = ModelContext(b.container)
        let named = try context.fetch(FetchDescriptor<WatchedMovie>()).filter {
            $0.createdAt?.timeIntervalSince1970 == 1_000
        }
        #expect(named.count == 1)
        named.first?.note = "edited on B after the add"
        try b.save(context)

        try await b.sync(url)
        try await a.sync(url)
        #expect(try b.movies().map(\.description) == ["13/edited on B after the add"])
        #expect(try b.movies().first?.createdAt == 2_000)
        #expect(try a.movies() == b.movies())
    }

    @Test("the fold is a save of the store's: a sync cut after its push sends it again, and nothing diverges")
    func foldSentAgainAfterACut() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await Self.duplicateOnB(url)

        await #expect(throws: SyncError.self) { try await b.sync(url, stoppingAt: .afterPushing) }
        #expect(try b.movies().map(\.description) == ["13/added again"])
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.description) == ["13/added again"])
        #expect(try await Self.liveRecords(url) == 1)
    }

    @Test("among many adds (the names read at once), the duplicate is folded and the others sent")
    func foldedAmongManyAdds() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await Self.duplicateOnB(url)
        for movie in 100..<250 { try b.add(movie: movie, at: 3_000) }

        try await b.sync(url)
        try await a.sync(url)
        #expect(try b.movies().count == 151)
        #expect(try b.movies().filter { $0.movie == 13 }.map(\.description) == ["13/added again"])
        #expect(try a.movies() == b.movies())
        #expect(try await Self.liveRecords(url) == 151)
    }

    @Test("two adds of one movie that both wait for their first push are one record: the later add's")
    func twoUnnamedAddsFolded() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try await a.sync(url)
        try a.add(movie: 21, at: 1_000, note: "first add")
        try await Task.sleep(for: .milliseconds(20))
        try a.add(movie: 21, at: 2_000, note: "second add")
        #expect(try a.movies().count == 2)

        try await a.sync(url)
        try await b.sync(url)
        #expect(try a.movies().map(\.description) == ["21/second add"])
        #expect(try a.movies().first?.createdAt == 2_000)
        #expect(try b.movies() == a.movies())
        #expect(try await Self.liveRecords(url) == 1)
    }

    @Test("only entities without relationships or inheritance are folded")
    func foldableEntities() throws {
        let machine = try Machine()
        let codecs = try EntityCodec.all(for: machine.store)
        let schema = machine.container.schema
        let foldable = codecs.values.filter { LocalDuplicates.isFoldable($0, in: schema) }.map(\.entityName)
        // Shelf has a domain key and a to-many relationship; Memo and Folder have no domain key.
        #expect(foldable == ["WatchedMovie"])
    }
}
