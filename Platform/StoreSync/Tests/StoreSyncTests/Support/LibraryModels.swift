import Foundation
import OpenSwiftData

// The models of the relationship tests' store, `library`: a to-many with a to-one
// inverse under each delete rule a CloudKit store allows, and a many-to-many.

/// Deleting an author deletes their books.
@Model
final class Author {
    var name: String?
    @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book]? = []
    /// A one-to-one: the side synced as a field is this one (`Author` sorts first).
    @Relationship(deleteRule: .nullify, inverse: \Profile.author) var profile: Profile?

    init(name: String) { self.name = name }
}

/// Deleting a publisher leaves its books without one.
@Model
final class Publisher {
    var name: String?
    @Relationship(deleteRule: .nullify, inverse: \Book.publisher) var books: [Book]? = []

    init(name: String) { self.name = name }
}

/// A book and a genre are each in any number of the other.
@Model
final class Genre {
    var name: String?
    @Relationship(deleteRule: .nullify, inverse: \Book.genres) var books: [Book]? = []

    init(name: String) { self.name = name }
}

/// The to-one side of authors and publishers, and one side of the genres.
@Model
final class Book {
    var title: String?
    var author: Author?
    var publisher: Publisher?
    var genres: [Genre]? = []

    init(title: String) { self.title = title }
}

/// A to-many without inverse.
@Model
final class ReadingList {
    var name: String?
    @Relationship(deleteRule: .nullify) var books: [Book]? = []

    init(name: String) { self.name = name }
}

/// The other side of an author's one-to-one.
@Model
final class Profile {
    var handle: String?
    var author: Author?

    init(handle: String) { self.handle = handle }
}
