import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Relationships between two machines and one real PostgreSQL server.
@Suite("Relationships")
struct RelationshipSyncTests {
    /// The server's field `field` of the live records of `entity`, as JSON text (record
    /// names in capitals), sorted; `<none>` for a record without it.
    private func serverFields(_ field: String, of entity: String, on url: String) async throws -> [String] {
        let rows = try await TestPostgres.execute(
            "SELECT upper(coalesce((fields->'\(field)')::text, '<none>')) FROM storesync_records_library "
                + "WHERE entity = '\(entity)' AND NOT deleted", on: url)
        return try rows.map { try $0.decode(String.self) }.sorted()
    }

    private func recordName(of entity: String, named name: String, on url: String) async throws -> String? {
        let key = entity == "Book" ? "title" : entity == "Profile" ? "handle" : "name"
        let rows = try await TestPostgres.execute(
            "SELECT record_name::text FROM storesync_records_library WHERE entity = '\(entity)' "
                + "AND fields->>'\(key)' = '\(name)'", on: url)
        return try rows.first?.decode(String.self).uppercased()
    }

    @Test(
        "a deletion in bulk pushes the records whose links it cleared: the server's records no longer name the deleted ones"
    )
    func bulkDeletionClearsLinksOnTheServer() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let press = Publisher(name: "Press")
            let poetry = Genre(name: "Poetry")
            let book = Book(title: "Verses")
            context.insert(press)
            context.insert(poetry)
            context.insert(book)
            book.publisher = press
            book.genres = [poetry]
        }
        try await a.sync(url)
        try await b.sync(url)
        let press = try #require(try await recordName(of: "Publisher", named: "Press", on: url))
        #expect(try await serverFields("publisher", of: "Book", on: url) == ["\"\(press)\""])

        try a.change { context in
            try context.delete(model: Publisher.self, where: #Predicate { $0.name == "Press" })
            try context.delete(model: Genre.self, where: #Predicate { $0.name == "Poetry" })
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(try await serverFields("publisher", of: "Book", on: url) == ["NULL"])
        #expect(try await serverFields("genres", of: "Book", on: url) == ["[]"])
        #expect(try b.contents() == a.contents())
        #expect(try b.contents().contains("book Verses author - publisher - genres []"))
    }

    @Test("a to-one and its to-many inverse: the book's record names its author, the author's record no books")
    func toOneWithToManyInverse() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let ana = Author(name: "Ana")
            context.insert(ana)
            let first = Book(title: "First")
            let second = Book(title: "Second")
            context.insert(first)
            context.insert(second)
            first.author = ana
            ana.books?.append(second)
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(try b.contents() == a.contents())
        #expect(
            try b.contents().contains("author Ana books [First,Second]")
                && b.contents().contains("book First author Ana publisher - genres []"))
        let ana = try #require(try await recordName(of: "Author", named: "Ana", on: url))
        #expect(try await serverFields("author", of: "Book", on: url) == ["\"\(ana)\"", "\"\(ana)\""])
        #expect(try await serverFields("books", of: "Author", on: url) == ["<NONE>"])

        // Moved to another author on B: A follows, from both sides.
        try b.change { context in
            let bo = Author(name: "Bo")
            context.insert(bo)
            try b.book("Second", in: context).author = bo
        }
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.contents().contains("author Ana books [First]"))
        #expect(try a.contents().contains("author Bo books [Second]"))
        #expect(try a.contents() == b.contents())
    }

    @Test("a one-to-one syncs through one side's field, set from either side")
    func oneToOne() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let ana = Author(name: "Ana")
            let bo = Author(name: "Bo")
            let profile = Profile(handle: "@ana")
            for model in [ana, bo] { context.insert(model) }
            context.insert(profile)
            profile.author = ana
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(try b.contents() == a.contents())
        #expect(try b.contents().contains("profile @ana author Ana"))
        let profile = try #require(try await recordName(of: "Profile", named: "@ana", on: url))
        #expect(try await serverFields("profile", of: "Author", on: url).sorted() == ["\"\(profile)\"", "NULL"])
        #expect(try await serverFields("author", of: "Profile", on: url) == ["<NONE>"])

        try b.change { context in
            try b.named(Author.self, "Bo", in: context).profile = b.named(
                Profile.self, "@ana", in: context)
        }
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.contents().contains("profile @ana author Bo"))
        #expect(try a.contents().contains("author Ana books []"))
        #expect(try a.contents() == b.contents())
    }

    @Test("a many-to-many and a to-many without inverse sync as sorted arrays of record names")
    func manyToMany() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let book = Book(title: "Dune")
            let other = Book(title: "Emma")
            let scifi = Genre(name: "scifi")
            let classic = Genre(name: "classic")
            let list = ReadingList(name: "summer")
            for model in [book, other] { context.insert(model) }
            context.insert(scifi)
            context.insert(classic)
            context.insert(list)
            book.genres = [scifi, classic]
            classic.books?.append(other)
            list.books = [other, book]
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(try b.contents() == a.contents())
        #expect(try b.contents().contains("genre classic books [Dune,Emma]"))
        #expect(try b.contents().contains("list summer books [Dune,Emma]"))
        let dune = try #require(try await recordName(of: "Book", named: "Dune", on: url))
        let emma = try #require(try await recordName(of: "Book", named: "Emma", on: url))
        #expect(
            try await serverFields("books", of: "ReadingList", on: url) == [
                "[\"\([dune, emma].sorted().joined(separator: "\", \""))\"]"
            ])
        #expect(try await serverFields("books", of: "Genre", on: url) == ["<NONE>", "<NONE>"])

        // Removed on B from the side that is not the field: A follows.
        try b.change { context in
            let classic = try b.named(Genre.self, "classic", in: context)
            classic.books = classic.books?.filter { $0.title != "Dune" }
            try b.named(ReadingList.self, "summer", in: context).books = []
        }
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.contents().contains("book Dune author - publisher - genres [scifi]"))
        #expect(try a.contents().contains("list summer books []"))
        #expect(try a.contents() == b.contents())
    }

    @Test("the same to-many edited on both machines: both machines' adds stay, on both")
    func concurrentToManyEdits() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let book = Book(title: "Dune")
            context.insert(book)
            for name in ["scifi", "war", "poetry"] { context.insert(Genre(name: name)) }
            book.genres = [try a.named(Genre.self, "scifi", in: context)]
        }
        try await a.sync(url)
        try await b.sync(url)
        try a.change { context in
            try a.book("Dune", in: context).genres?.append(try a.named(Genre.self, "war", in: context))
        }
        try await Task.sleep(for: .milliseconds(20))
        try b.change { context in
            try b.book("Dune", in: context).genres?.append(try b.named(Genre.self, "poetry", in: context))
        }
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.contents() == b.contents())
        #expect(try a.contents().contains("book Dune author - publisher - genres [poetry,scifi,war]"))
    }

    @Test("a book pulled before its author is linked by the later sync that brings the author")
    func childBeforeParent() async throws {
        try await childBeforeParent(restarting: false)
    }

    @Test("a restart between the pull of a book and that of its author: the link waits in the store")
    func childBeforeParentAcrossRestart() async throws {
        try await childBeforeParent(restarting: true)
    }

    @Test("a book whose author is pending, pushed whole (to another server), names its author")
    func pendingLinkPushedWhole() async throws {
        let (_, _, b, ana) = try await bookPulledBeforeAuthor()
        let other = try await TestPostgres.newDatabase()
        try await b.sync(other)
        #expect(try await serverFields("author", of: "Book", on: other) == ["\"\(ana)\""])
    }

    /// A's book and author on the server, and B, which pulled the book while the author's
    /// record was held back (in the table `held`), then edited the book's title.
    private func bookPulledBeforeAuthor() async throws -> (url: String, a: Library, b: Library, ana: String) {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let ana = Author(name: "Ana")
            let book = Book(title: "First")
            context.insert(ana)
            context.insert(book)
            book.author = ana
        }
        try await a.sync(url)
        _ = try await TestPostgres.execute(
            "CREATE TABLE held AS SELECT * FROM storesync_records_library WHERE entity = 'Author'", on: url)
        _ = try await TestPostgres.execute("DELETE FROM storesync_records_library WHERE entity = 'Author'", on: url)
        try await b.sync(url)
        #expect(try b.contents() == ["book First author - publisher - genres []"])
        #expect(try await b.pendingLinks() == 1)
        // An edit of the book on B while its author is missing keeps the author's name on
        // the server.
        try b.change { context in try b.book("First", in: context).title = "First!" }
        try await b.sync(url)
        let ana = try #require(
            try await TestPostgres.execute("SELECT upper(record_name::text) FROM held", on: url).first?.decode(
                String.self))
        #expect(try await serverFields("author", of: "Book", on: url) == ["\"\(ana)\""])
        return (url, a, b, ana)
    }

    private func childBeforeParent(restarting: Bool) async throws {
        var (url, a, b, _) = try await bookPulledBeforeAuthor()
        if restarting { b = try Library(reopening: b) }
        // The author's record comes back as a later write.
        _ = try await TestPostgres.execute("INSERT INTO storesync_records_library SELECT * FROM held", on: url)
        _ = try await TestPostgres.execute(
            "UPDATE storesync_records_library SET seq = nextval('storesync_seq') WHERE entity = 'Author'", on: url)
        try await b.sync(url)
        #expect(try b.contents() == ["author Ana books [First!]", "book First! author Ana publisher - genres []"])
        #expect(try await b.pendingLinks() == 0)
        try await a.sync(url)
        #expect(try a.contents() == b.contents())
    }

    @Test("a genre linked on B while A deleted it, then brought back by C's edit, is linked again on every machine")
    func deletedTargetComesBack() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        let c = try Library()
        try a.change { context in
            let book = Book(title: "Dune")
            let scifi = Genre(name: "scifi")
            context.insert(book)
            context.insert(scifi)
            context.insert(Genre(name: "war"))
            book.genres = [scifi]
        }
        try await a.sync(url)
        try await b.sync(url)
        try await c.sync(url)
        try a.change { context in context.delete(try a.named(Genre.self, "war", in: context)) }
        try await a.sync(url)
        // B, which has not seen the deletion, adds the genre to the book: its pull then
        // deletes the genre, and the book's record still names it.
        try await Task.sleep(for: .milliseconds(20))
        try b.change { context in
            try b.book("Dune", in: context).genres?.append(try b.named(Genre.self, "war", in: context))
        }
        try await b.sync(url)
        #expect(try b.contents() == ["book Dune author - publisher - genres [scifi]", "genre scifi books [Dune]"])
        // C, which has not seen it either, renames the genre: the record comes back.
        try await Task.sleep(for: .milliseconds(20))
        try c.change { context in try c.named(Genre.self, "war", in: context).name = "peace" }
        try await c.sync(url)
        try await a.sync(url)
        try await b.sync(url)
        let expected = [
            "book Dune author - publisher - genres [peace,scifi]", "genre peace books [Dune]",
            "genre scifi books [Dune]",
        ]
        #expect(try a.contents() == expected)
        #expect(try b.contents() == expected)
        #expect(try c.contents() == expected)
    }

    @Test("an author deleted on A takes their books on B too, and a book B added meanwhile goes on both")
    func cascade() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let ana = Author(name: "Ana")
            context.insert(ana)
            for title in ["First", "Second"] {
                let book = Book(title: title)
                context.insert(book)
                book.author = ana
            }
            context.insert(Book(title: "Other"))
        }
        try await a.sync(url)
        try await b.sync(url)
        // B adds a book by Ana, not synced yet, while A deletes Ana.
        try b.change { context in
            let book = Book(title: "Third")
            context.insert(book)
            book.author = try b.named(Author.self, "Ana", in: context)
        }
        try a.change { context in context.delete(try a.named(Author.self, "Ana", in: context)) }
        let deletion = try await a.sync(url)
        #expect(deletion.sentDeletions == 3)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try b.contents() == ["book Other author - publisher - genres []"])
        #expect(try a.contents() == b.contents())
        #expect(try await serverFields("title", of: "Book", on: url) == ["\"OTHER\""])
    }

    @Test("a sync cut off after the pull whose cascade deleted a book: the next run pushes the book's tombstone")
    func cascadeAcrossRestart() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        var b = try Library()
        try a.change { context in context.insert(Author(name: "Ana")) }
        try await a.sync(url)
        try await b.sync(url)
        try b.change { context in
            let book = Book(title: "Third")
            context.insert(book)
            book.author = try b.named(Author.self, "Ana", in: context)
        }
        try a.change { context in context.delete(try a.named(Author.self, "Ana", in: context)) }
        try await a.sync(url)
        await #expect(throws: SyncError.self) { try await b.sync(url, stoppingAt: .afterApplyingPull) }
        #expect(try b.contents().isEmpty)
        b = try Library(reopening: b)
        let resumed = try await b.sync(url)
        #expect(resumed.sentDeletions == 1)
        try await a.sync(url)
        #expect(try a.contents().isEmpty)
        #expect(try await serverFields("title", of: "Book", on: url).isEmpty)
    }

    @Test("a publisher deleted on A leaves its books without one on B")
    func nullify() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        try a.change { context in
            let house = Publisher(name: "House")
            let genre = Genre(name: "scifi")
            context.insert(house)
            context.insert(genre)
            for title in ["First", "Second"] {
                let book = Book(title: title)
                context.insert(book)
                book.publisher = house
                book.genres = [genre]
            }
        }
        try await a.sync(url)
        try await b.sync(url)
        try a.change { context in
            context.delete(try a.named(Publisher.self, "House", in: context))
            context.delete(try a.named(Genre.self, "scifi", in: context))
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(
            try b.contents() == [
                "book First author - publisher - genres []", "book Second author - publisher - genres []",
            ])
        #expect(try a.contents() == b.contents())
        #expect(try await serverFields("publisher", of: "Book", on: url) == ["NULL", "NULL"])
    }
}
