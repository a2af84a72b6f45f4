import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

// A to-many relationship moves between a join table and an inverse column when a
// lightweight migration adds or removes a back-reference: its links move with it.

/// `Author.books` without a back-reference: a join table `Author_books`.
enum LibraryJoinTable {
    @Model
    final class Author {
        var name: String
        var books: [Book] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Book {
        var title: String
        init(title: String) { self.title = title }
    }
}

/// `Book.author` added: the pair is inferred, and `Author.books` is `Book.author`'s column.
enum LibraryInverseColumn {
    @Model
    final class Author {
        var name: String
        var books: [Book] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Book {
        var title: String
        var author: Author?
        init(title: String) { self.title = title }
    }
}

/// `Book.coAuthor` added beside `Book.author`: no inverse can be inferred any more, and
/// `Author.books` is a join table again.
enum LibraryTwoBackReferences {
    @Model
    final class Author {
        var name: String
        var books: [Book] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Book {
        var title: String
        var author: Author?
        var coAuthor: Author?
        init(title: String) { self.title = title }
    }
}

@Suite("Lightweight migrations that change how a relationship is stored")
struct RelationshipStorageMigrationTests {
    private func open<each Model: PersistentModel>(_ url: URL, _ types: repeat (each Model).Type) throws
        -> ModelContainer
    {
        var list: [any PersistentModel.Type] = []
        for type in repeat each types { list.append(type) }
        return try ModelContainer(for: Schema(list), configurations: [ModelConfiguration(url: url)])
    }

    private func booksByAuthor(_ container: ModelContainer) throws -> [String: Set<String>] {
        try readSQL(container) { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT Author.name AS name, Book.title AS title FROM Author
                    JOIN Book ON Book.author = Author._pk
                    """
            ).reduce(into: [:]) { $0[$1["name"] as String, default: []].insert($1["title"]) }
        }
    }

    @Test("join table to inverse column: every link moves into the new column")
    func joinTableToColumn() throws {
        let folder = TemporaryFolder()
        let url = folder.file("library.sqlite")
        do {
            let context = ModelContext(try open(url, LibraryJoinTable.Author.self, LibraryJoinTable.Book.self))
            let ursula = LibraryJoinTable.Author(name: "Ursula")
            let italo = LibraryJoinTable.Author(name: "Italo")
            context.insert(ursula)
            context.insert(italo)
            ursula.books = [LibraryJoinTable.Book(title: "Earthsea"), LibraryJoinTable.Book(title: "Lathe")]
            italo.books = [LibraryJoinTable.Book(title: "Cities")]
            try context.save()
        }
        let container = try open(url, LibraryInverseColumn.Author.self, LibraryInverseColumn.Book.self)
        #expect(try booksByAuthor(container) == ["Ursula": ["Earthsea", "Lathe"], "Italo": ["Cities"]])
        let authors = try ModelContext(container).fetch(
            FetchDescriptor<LibraryInverseColumn.Author>(sortBy: [SortDescriptor(\.name)]))
        #expect(authors.map { Set($0.books.map(\.title)) } == [["Cities"], ["Earthsea", "Lathe"]])
    }

    @Test("join table to inverse column is refused when a book has two authors, and the file is unchanged")
    func joinTableToColumnRefused() throws {
        let folder = TemporaryFolder()
        let url = folder.file("library.sqlite")
        do {
            let context = ModelContext(try open(url, LibraryJoinTable.Author.self, LibraryJoinTable.Book.self))
            let shared = LibraryJoinTable.Book(title: "Good Omens")
            let terry = LibraryJoinTable.Author(name: "Terry")
            let neil = LibraryJoinTable.Author(name: "Neil")
            context.insert(terry)
            context.insert(neil)
            terry.books = [shared]
            neil.books = [shared]
            try context.save()
        }
        let before = try fileBytes(url)
        #expect {
            _ = try open(url, LibraryInverseColumn.Author.self, LibraryInverseColumn.Book.self)
        } throws: { error in
            guard case .refusedChange(let entity, let property, _, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return entity == "Author" && property == "books"
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("inverse column to join table: the new join table holds every link")
    func columnToJoinTable() throws {
        let folder = TemporaryFolder()
        let url = folder.file("library.sqlite")
        do {
            let context = ModelContext(
                try open(url, LibraryInverseColumn.Author.self, LibraryInverseColumn.Book.self))
            let ursula = LibraryInverseColumn.Author(name: "Ursula")
            context.insert(ursula)
            ursula.books = [LibraryInverseColumn.Book(title: "Earthsea"), LibraryInverseColumn.Book(title: "Lathe")]
            try context.save()
        }
        let container = try open(url, LibraryTwoBackReferences.Author.self, LibraryTwoBackReferences.Book.self)
        let links = try readSQL(container) { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Author_books") }
        #expect(links == 2)
        let ursula = try #require(
            try ModelContext(container).fetch(FetchDescriptor<LibraryTwoBackReferences.Author>()).first)
        #expect(Set(ursula.books.map(\.title)) == ["Earthsea", "Lathe"])
        #expect(ursula.books.allSatisfy { $0.author === ursula })
    }
}
