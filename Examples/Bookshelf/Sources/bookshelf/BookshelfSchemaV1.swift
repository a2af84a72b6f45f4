import Foundation
import SwiftData

/// The models as the first release shipped them.
enum BookshelfSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Author.self, Book.self]

    @Model
    final class Author {
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book] = []

        init(name: String) {
            self.name = name
        }
    }

    @Model
    final class Book {
        var title: String
        var author: Author?

        init(title: String, author: Author) {
            self.title = title
            self.author = author
        }
    }
}
