import Foundation
import SwiftData

// Declared as in an app target of Xcode 26, whose default isolation is the main actor. Each
// `@Model` class conforms to `PersistentModel` with a nonisolated conformance, which takes it
// out of the module's default isolation: its models can be used by any context, a model
// actor's included, as SwiftData's can. `Reminder` is isolated to the main actor in so many
// words, as some apps write their models.

/// A shelf of a reading list, with its books.
@Model
final class Shelf {
    var name: String
    var createdAt: Date = Date(timeIntervalSince1970: 0)
    var layout: Layout = Layout()
    @Relationship(deleteRule: .cascade, inverse: \Book.shelf) var books: [Book] = []

    init(name: String) {
        self.name = name
    }
}

/// How a shelf shows its books: a `Codable` attribute whose default value is made by the
/// initializer of a struct of this module, isolated to the main actor as well.
struct Layout: Codable, Equatable {
    var columns = 3
}

/// A book on a shelf.
@Model
class Book {
    var title: String
    var shelf: Shelf?

    init(title: String) {
        self.title = title
    }
}

/// A book with a narrator: a `@Model` subclass.
@Model
final class Audiobook: Book {
    var narrator: String = ""

    init(title: String, narrator: String) {
        self.narrator = narrator
        super.init(title: title)
    }
}

/// A reminder, of a class isolated to the main actor by its declaration: its models are used
/// by contexts on the main thread only.
@MainActor
@Model
final class Reminder {
    var text: String
    var dueDate: Date = Date(timeIntervalSince1970: 86_400)

    init(text: String) {
        self.text = text
    }
}

/// Adds shelves from a task of its own, off the main actor.
@ModelActor
actor ShelfImporter {
    func importShelf(named name: String, titles: [String]) throws -> PersistentIdentifier {
        let shelf = Shelf(name: name)
        modelContext.insert(shelf)
        shelf.books = titles.map { Book(title: $0) }
        try modelContext.save()
        return shelf.persistentModelID
    }
}

/// The schema as a versioned schema names it.
enum ReadingListSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Shelf.self, Book.self, Audiobook.self, Reminder.self] }
}

/// A container over a store file in a new temporary folder.
func makeContainer(in folder: URL) throws -> ModelContainer {
    try ModelContainer(
        for: Schema(versionedSchema: ReadingListSchemaV1.self),
        configurations: ModelConfiguration(url: folder.appending(path: "reading.store")))
}

/// A new temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "main-actor-models-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
