import Foundation
import OpenSwiftData

// Models and code written as in the source documents (seeds 001, 002 and 004), with
// only `import SwiftData` changed to `import OpenSwiftData`.

@Model
final class MoviesWatchlistMovieEntity {
    var movieID: Int?
    var createdAt: Date?

    init(movieID: Int, createdAt: Date) {
        self.movieID = movieID
        self.createdAt = createdAt
    }
}

@Model
final class SearchMediaSearchHistoryEntryEntity {
    var mediaID: Int?
    var mediaType: MediaType?
    var timestamp: Date?

    enum MediaType: String, Codable {
        case movie
        case tvSeries
        case person
    }

    init(mediaID: Int, mediaType: MediaType, timestamp: Date = .now) {
        self.mediaID = mediaID
        self.mediaType = mediaType
        self.timestamp = timestamp
    }
}

@Model
final class MoviesMovieEntity {
    @Attribute(.unique) var movieID: Int
    var title: String
    var overview: String?
    var posterPath: URL?
    var genreNames: [String]?
    @Relationship(deleteRule: .cascade) var genres: [MoviesGenreEntity]?
    var cachedAt: Date

    init(movieID: Int, title: String, cachedAt: Date = .now) {
        self.movieID = movieID
        self.title = title
        self.cachedAt = cachedAt
    }
}

@Model
final class MoviesGenreEntity: Equatable, Identifiable {
    @Attribute(.unique) var genreID: Int
    var name: String

    init(genreID: Int, name: String) {
        self.genreID = genreID
        self.name = name
    }
}

package enum MoviesWatchlistSchemaV1: VersionedSchema {

    package static let versionIdentifier = Schema.Version(1, 0, 0)

    package static let models: [any PersistentModel.Type] = [
        MoviesWatchlistMovieEntity.self
    ]

}

/// A local data source as the app writes it: an actor owning its context.
@ModelActor
actor MoviesWatchlistLocalDataSource {

    func add(movieID: Int) throws {
        let entity = MoviesWatchlistMovieEntity(movieID: movieID, createdAt: .now)
        modelContext.insert(entity)
        try modelContext.save()
    }

    func latestMovieID() throws -> Int? {
        var descriptor = FetchDescriptor<MoviesWatchlistMovieEntity>(
            sortBy: [SortDescriptor(\.createdAt, order: .reverse)]
        )
        descriptor.fetchLimit = 1
        return try modelContext.fetch(descriptor).first?.movieID
    }

    func contains(movieID: Int) throws -> Bool {
        let descriptor = FetchDescriptor<MoviesWatchlistMovieEntity>(
            predicate: #Predicate { $0.movieID == movieID }
        )
        return try modelContext.fetchCount(descriptor) > 0
    }

    func remove(movieID: Int) throws {
        try modelContext.delete(
            model: MoviesWatchlistMovieEntity.self,
            where: #Predicate { $0.movieID == movieID }
        )
        try modelContext.save()
    }

    func historyEntries(of mediaType: SearchMediaSearchHistoryEntryEntity.MediaType) throws -> [Int] {
        let rawValue = mediaType.rawValue
        let descriptor = FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(
            predicate: #Predicate { $0.mediaType?.rawValue == rawValue },
            sortBy: [SortDescriptor(\.timestamp, order: .reverse)]
        )
        return try modelContext.fetch(descriptor).compactMap(\.mediaID)
    }
}
