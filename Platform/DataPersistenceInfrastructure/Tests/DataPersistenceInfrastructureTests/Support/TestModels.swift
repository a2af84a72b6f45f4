import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

/// A cache entity, as the Movies cache has.
@Model
final class CachedMovie {
    var movieID: Int
    var title: String

    init(movieID: Int, title: String) {
        self.movieID = movieID
        self.title = title
    }
}

/// An entity of another schema, to write stores the tests' schemas do not match.
@Model
final class ForeignRecord {
    var name: String
    var count: Int

    init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// A user-data entity with CloudKit-compatible attributes, as the search history has.
@Model
final class HistoryEntry {
    var mediaID: Int?
    var timestamp: Date?

    init(mediaID: Int, timestamp: Date = .now) {
        self.mediaID = mediaID
        self.timestamp = timestamp
    }
}

/// A second CloudKit-compatible entity that no version of the history plan has.
@Model
final class WatchlistNote {
    var movieID: Int?
    var note: String?

    init(movieID: Int, note: String) {
        self.movieID = movieID
        self.note = note
    }
}

enum HistorySchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [HistoryEntry.self]
}

enum HistoryMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [HistorySchemaV1.self]
    static let stages: [MigrationStage] = []
}

/// The iCloud container of the app.
let popcornCloudKitDatabase = StoreDescription.iCloudContainer

/// Entities related to each other, whose rows cannot be merged by copying columns.
@Model
final class Playlist {
    var name: String?
    @Relationship(deleteRule: .cascade, inverse: \PlaylistItem.playlist) var items: [PlaylistItem]? = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class PlaylistItem {
    var title: String?
    var playlist: Playlist?

    init(title: String) {
        self.title = title
    }
}

/// A shelf whose books must be removed before it can be: `.deny` makes a save fail.
@Model
final class Shelf {
    var label: String
    @Relationship(deleteRule: .deny, inverse: \Book.shelf) var books: [Book] = []

    init(label: String) {
        self.label = label
    }
}

@Model
final class Book {
    var title: String
    var shelf: Shelf?

    init(title: String) {
        self.title = title
    }
}

/// A cache entry, as the contexts' cache entities are.
@Model
final class CachedPage {
    var key: String
    var items: [String]
    var cachedAt: Date

    init(key: String, items: [String], cachedAt: Date) {
        self.key = key
        self.items = items
        self.cachedAt = cachedAt
    }
}

extension CachedPage: CacheEntry {}
