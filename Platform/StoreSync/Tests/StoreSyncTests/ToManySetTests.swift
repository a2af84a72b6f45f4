import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// To-many fields as add-wins sets (``RemoteLinks``): machines that change one list at once
/// each keep their adds, and a removal takes out only the adds its machine had seen.
@Suite("To-many fields as sets")
struct ToManySetTests {
    /// Book "Dune" in `genres` (and genres scifi, war, poetry), on A, B and C, synced.
    private func dune(in genres: [String]) async throws -> (url: String, a: Library, b: Library, c: Library) {
        let url = try await TestPostgres.newDatabase()
        let (a, b, c) = (try Library(), try Library(), try Library())
        try a.change { context in
            let book = Book(title: "Dune")
            context.insert(book)
            for name in ["scifi", "war", "poetry"] { context.insert(Genre(name: name)) }
            for name in genres { book.genres?.append(try a.named(Genre.self, name, in: context)) }
        }
        for machine in [a, b, c] { try await machine.sync(url) }
        return (url, a, b, c)
    }

    private func genres(_ machine: Library) throws -> String? {
        try machine.contents().first { $0.hasPrefix("book Dune") }?.components(separatedBy: "genres ").last
    }

    private func setGenres(_ machine: Library, _ change: ([Genre], ModelContext) throws -> [Genre]) throws {
        try machine.change { context in
            let book = try machine.book("Dune", in: context)
            book.genres = try change(book.genres ?? [], context)
        }
    }

    @Test("an add on one machine and a removal of another genre on the other both hold")
    func addAndRemove() async throws {
        let (url, a, b, _) = try await dune(in: ["scifi"])
        try setGenres(a) { _, _ in [] }
        try await Task.sleep(for: .milliseconds(20))
        try setGenres(b) { genres, context in genres + [try b.named(Genre.self, "war", in: context)] }
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try genres(a) == "[war]")
        #expect(try genres(b) == "[war]")
    }

    @Test("two machines that each remove a different genre both remove it")
    func twoRemovals() async throws {
        let (url, a, b, _) = try await dune(in: ["scifi", "war", "poetry"])
        try setGenres(a) { genres, _ in genres.filter { $0.name != "scifi" } }
        try setGenres(b) { genres, _ in genres.filter { $0.name != "war" } }
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try genres(a) == "[poetry]")
        #expect(try genres(b) == "[poetry]")
    }

    @Test("a removal takes out only the adds its machine saw: a genre added again elsewhere since stays")
    func removalOfAnAddNotSeen() async throws {
        let (url, a, b, c) = try await dune(in: ["scifi"])
        // B removes scifi; C sees that, and adds it back.
        try setGenres(b) { _, _ in [] }
        try await b.sync(url)
        try await c.sync(url)
        #expect(try genres(c) == "[]")
        try setGenres(c) { _, context in [try c.named(Genre.self, "scifi", in: context)] }
        try await c.sync(url)
        // A never saw either, and removes the scifi it holds, later.
        try await Task.sleep(for: .milliseconds(20))
        try setGenres(a) { _, _ in [] }
        try await a.sync(url)
        for machine in [b, c] { try await machine.sync(url) }
        #expect(try [a, b, c].map(genres) == Array(repeating: "[scifi]", count: 3))
    }

    @Test("a list without inverse: two machines' adds both stay")
    func listWithoutInverse() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = (try Library(), try Library())
        try a.change { context in
            context.insert(ReadingList(name: "summer"))
            for title in ["Dune", "Emma", "Ubik"] { context.insert(Book(title: title)) }
        }
        try await a.sync(url)
        try await b.sync(url)
        try a.change { context in
            try a.named(ReadingList.self, "summer", in: context).books = [try a.book("Dune", in: context)]
        }
        try b.change { context in
            try b.named(ReadingList.self, "summer", in: context).books = [
                try b.book("Emma", in: context), try b.book("Ubik", in: context),
            ]
        }
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.contents().contains("list summer books [Dune,Emma,Ubik]"))
        #expect(try b.contents() == a.contents())
    }

    @Test(
        "a field a release without elements wrote, on a server it left at version 3: a removal made after the upgrade holds"
    )
    func fieldOfAnEarlierRelease() async throws {
        let (url, a, b, _) = try await dune(in: ["scifi", "war"])
        // The server as the earlier release left it (no elements), and the stores too.
        _ = try await TestPostgres.execute("DROP TABLE storesync_links_library", on: url)
        _ = try await TestPostgres.execute(
            "ALTER TABLE storesync_records_library DROP COLUMN origin_device, DROP COLUMN origin_key", on: url)
        _ = try await TestPostgres.execute("UPDATE storesync_schema SET version = 3", on: url)
        try await a.forgetLinkElements()
        try await b.forgetLinkElements()
        try setGenres(a) { genres, _ in genres.filter { $0.name != "scifi" } }
        try await a.sync(url)
        try await b.sync(url)
        #expect(try genres(a) == "[war]")
        #expect(try genres(b) == "[war]")
        #expect(
            try await TestPostgres.integer("SELECT max(version) FROM storesync_schema", on: url) == RemoteSchema.version
        )
        // From then on, the elements are known: concurrent adds both stay.
        try setGenres(a) { genres, context in genres + [try a.named(Genre.self, "poetry", in: context)] }
        try setGenres(b) { genres, context in genres + [try b.named(Genre.self, "scifi", in: context)] }
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try genres(a) == "[poetry,scifi,war]")
        #expect(try genres(b) == "[poetry,scifi,war]")
    }

    @Test("a deleted book's elements leave the server; the book added again starts from its own list")
    func deletedRecord() async throws {
        let (url, a, b, _) = try await dune(in: ["scifi", "war"])
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_links_library", on: url) == 2)
        try a.change { context in context.delete(try a.book("Dune", in: context)) }
        try await a.sync(url)
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_links_library", on: url) == 0)
        try await b.sync(url)
        #expect(try genres(b) == nil)
    }

    /// Sets the memos on the machine's shelf `name` (made when missing), by title.
    private func shelve(_ titles: [String], on name: String, _ machine: Machine) throws {
        let context = ModelContext(machine.container)
        let shelf =
            try context.fetch(FetchDescriptor<Shelf>(predicate: #Predicate { $0.name == name })).first
            ?? {
                let made = Shelf(name: name)
                context.insert(made)
                return made
            }()
        shelf.memos = try context.fetch(FetchDescriptor<Memo>()).filter { titles.contains($0.title ?? "") }
        try machine.save(context)
    }

    private func shelved(on name: String, _ machine: Machine) throws -> [String] {
        let shelves = try ModelContext(machine.container).fetch(FetchDescriptor<Shelf>())
        return shelves.filter { $0.name == name }.flatMap { ($0.memos ?? []).compactMap(\.title) }.sorted()
    }

    @Test(
        "seed 8 (STORESYNC_SIM_SCHEDULES=20): a memo deleted elsewhere, on a shelf here (a list without inverse), stays pending in the shelf's field: no difference from the server"
    )
    func memoDeletedElsewhereOnAShelf() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = (try Machine(), try Machine())
        let context = ModelContext(a.container)
        context.insert(Memo(title: "draft"))
        try a.save(context)
        try await a.sync(url)
        try await b.sync(url)
        try b.removeMemoTitled("draft")
        try await b.sync(url)
        // A shelves the memo before it learns of the deletion; its sync pushes the shelf, then
        // pulls the tombstone, whose deletion takes the memo off the shelf here.
        try shelve(["draft"], on: "left", a)
        try await a.sync(url)
        #expect(try shelved(on: "left", a) == [])
        try await b.sync(url)
        #expect(try shelved(on: "left", b) == [])
    }

    @Test(
        "seed 1 (STORESYNC_SIM_SCHEDULES=20): a push cut off once the server had it, then a removal of what it added: the removal holds"
    )
    func removalAfterACutOffPush() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = (try Machine(), try Machine())
        let context = ModelContext(a.container)
        context.insert(Memo(title: "draft"))
        try a.save(context)
        try await a.sync(url)
        try await b.sync(url)
        try shelve(["draft"], on: "left", a)
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterPushing) }
        try shelve([], on: "left", a)
        try await a.sync(url)
        try await b.sync(url)
        #expect(try shelved(on: "left", a) == [])
        #expect(try shelved(on: "left", b) == [])
    }

    @Test(
        "seed 42 (STORESYNC_SIM_SCHEDULES=100): two machines put one memo on one shelf, one with its clock hours ahead; a removal that saw only that add leaves the other"
    )
    func twoAddsOfOneTarget() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b, c) = (try Machine(), try Machine(), try Machine())
        a.clockOffset = 12 * 3600
        let context = ModelContext(a.container)
        context.insert(Memo(title: "draft"))
        try a.save(context)
        for machine in [a, b, c] { try await machine.sync(url) }
        try shelve(["draft"], on: "left", a)
        try await a.sync(url)
        try await c.sync(url)
        // B has not seen A's add: its own add of the same memo is another.
        try shelve(["draft"], on: "left", b)
        try await b.sync(url)
        try shelve([], on: "left", c)
        try await c.sync(url)
        for machine in [a, b, c] { try await machine.sync(url) }
        #expect(try [a, b, c].map { try shelved(on: "left", $0) } == Array(repeating: ["draft"], count: 3))
    }

    @Test(
        "seed 26 (STORESYNC_SIM_SEED=26 STORESYNC_SIM_STEPS=60): a machine that puts a memo on a shelf and takes it off again before it syncs changes nothing of the shelf: another machine's removal and add hold"
    )
    func addAndRemovalBetweenSyncs() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = (try Machine(), try Machine())
        let context = ModelContext(a.container)
        for title in ["draft", "list", "scratch"] { context.insert(Memo(title: title)) }
        try a.save(context)
        try shelve(["draft"], on: "right", a)
        try await a.sync(url)
        try await b.sync(url)
        try shelve(["list"], on: "right", b)
        try await b.sync(url)
        // A has not pulled B's change: it shelves a memo and takes it off again, a change of
        // the shelf's list that leaves it as A last knew it.
        try shelve(["draft", "scratch"], on: "right", a)
        try shelve(["draft"], on: "right", a)
        try await a.sync(url)
        try await b.sync(url)
        #expect(try shelved(on: "right", a) == ["list"])
        #expect(try shelved(on: "right", b) == ["list"])
    }
}
