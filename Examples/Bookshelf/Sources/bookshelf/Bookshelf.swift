import Foundation
import SwiftData

/// A bookshelf whose store the first release wrote: this release opens it, the migration
/// plan brings it to version 2, and a model actor shelves and reads books.
///
///     bookshelf [folder]
///
/// The store goes in `folder`, kept for the next run; without one, in a temporary folder
/// removed at the end.
@main
struct Bookshelf {
    static func main() async throws {
        guard CommandLine.arguments.count < 2 else {
            let folder = URL(fileURLWithPath: CommandLine.arguments[1])
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await run(store: folder.appending(path: "bookshelf.store"))
            return
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "bookshelf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await run(store: folder.appending(path: "bookshelf.store"))
    }

    static func run(store: URL) async throws {
        if !FileManager.default.fileExists(atPath: store.path) {
            try writeFirstReleaseStore(at: store)
        }

        let container = try ModelContainer(
            for: Author.self, Book.self, migrationPlan: BookshelfMigrationPlan.self,
            configurations: ModelConfiguration(url: store))
        let authors = try ModelContext(container).fetchCount(FetchDescriptor<Author>())
        print("Opened the store at version 2: \(authors) authors.")

        let librarian = Librarian(modelContainer: container)
        try await librarian.shelve(title: "The Dispossessed", by: "Ursula K. Le Guin")
        try await librarian.shelve(title: "The Name of the Rose", by: "Umberto Eco")
        let progress = ReadingProgress()
        withObservationTracking {
            _ = progress.titles
        } onChange: {
            print("The reading list changed.")
        }
        for title in ["A Wizard of Earthsea", "Invisible Cities", "Dune"] {
            let found = try await librarian.markRead(title)
            if found { progress.markRead(title) }
            print(found ? "Read \(title)." : "No \(title) on the shelf.")
        }
        print("Read in this run: \(progress.titles.joined(separator: ", ")).")
        for line in try await librarian.catalog() {
            print(line)
        }
        let (books, read) = try await librarian.counts()
        print("\(books) books, \(read) read.")
    }

    /// What the first release left on disk: three books, one author entered twice.
    static func writeFirstReleaseStore(at store: URL) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: BookshelfSchemaV1.self), configurations: ModelConfiguration(url: store))
        let context = ModelContext(container)
        let leGuin = BookshelfSchemaV1.Author(name: "Ursula K. Le Guin")
        let leGuinAgain = BookshelfSchemaV1.Author(name: "Ursula K. Le Guin")
        let calvino = BookshelfSchemaV1.Author(name: "Italo Calvino")
        context.insert(BookshelfSchemaV1.Book(title: "A Wizard of Earthsea", author: leGuin))
        context.insert(BookshelfSchemaV1.Book(title: "The Left Hand of Darkness", author: leGuinAgain))
        context.insert(BookshelfSchemaV1.Book(title: "Invisible Cities", author: calvino))
        try context.save()
        print("Release 1 shelved \(try context.fetchCount(FetchDescriptor<BookshelfSchemaV1.Book>())) books.")
    }
}
