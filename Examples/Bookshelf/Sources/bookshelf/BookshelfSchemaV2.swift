import Foundation
import SwiftData

/// The current models: an author's name as a library sorts it, and whether a book was read.
enum BookshelfSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Author.self, Book.self]

    @Model
    final class Author {
        @Attribute(.unique) var name: String
        /// "Le Guin, Ursula K." for "Ursula K. Le Guin": filled by the migration for the
        /// authors of the first release.
        var sortName: String = ""
        @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book] = []

        init(name: String, sortName: String) {
            self.name = name
            self.sortName = sortName
        }
    }

    @Model
    final class Book {
        var title: String
        var isRead: Bool = false
        var author: Author?

        init(title: String, author: Author) {
            self.title = title
            self.author = author
        }
    }
}

typealias Author = BookshelfSchemaV2.Author
typealias Book = BookshelfSchemaV2.Book
