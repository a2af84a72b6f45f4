import Foundation
import OpenSwiftData

/// A watchlist entry, as a CloudKit store holds it: every attribute optional.
@Model
final class WatchedMovie {
    var movieID: Int?
    var createdAt: Date?
    var note: String?

    init(movieID: Int, createdAt: Date, note: String? = nil) {
        self.movieID = movieID
        self.createdAt = createdAt
        self.note = note
    }
}

/// A record without a domain key, and attributes of more types.
@Model
final class Memo {
    var title: String?
    var rating: Double = 0
    var tags: [String] = []
    var kind: Kind?
    var identifier: UUID?
    var folder: Folder?

    enum Kind: String, Codable {
        case idea, reminder
    }

    init(title: String, rating: Double = 0, tags: [String] = [], kind: Kind? = nil, identifier: UUID? = nil) {
        self.title = title
        self.rating = rating
        self.tags = tags
        self.kind = kind
        self.identifier = identifier
    }
}

/// Memos filed together: a to-many whose inverse, `Memo.folder`, is the field synced.
/// `name` identifies a folder in the simulation; `note` is what its edits change.
@Model
final class Folder {
    var name: String?
    var note: String?
    @Relationship(deleteRule: .nullify, inverse: \Memo.folder) var memos: [Memo]? = []

    init(name: String, note: String?) {
        self.name = name
        self.note = note
    }
}

/// A model with a to-many relationship without inverse.
@Model
final class Shelf {
    var name: String?
    @Relationship(deleteRule: .nullify) var memos: [Memo]? = []

    init(name: String) { self.name = name }
}
