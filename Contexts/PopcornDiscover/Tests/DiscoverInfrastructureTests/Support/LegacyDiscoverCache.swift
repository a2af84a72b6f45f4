import Foundation
import OpenSwiftData

/// The discover cache as an older build wrote it: the same entity name, but the page
/// number was a `String` and the filter was stored as a genre list. A type change
/// cannot be migrated in place, so opening this store with the current schema fails.
enum LegacyDiscoverCache {
    @Model
    final class DiscoverMoviePageEntity {
        var filterKey: String
        var page: String
        var genres: [Int]
        var cachedAt: Date

        init(filterKey: String, page: String, genres: [Int], cachedAt: Date) {
            self.filterKey = filterKey
            self.page = page
            self.genres = genres
            self.cachedAt = cachedAt
        }
    }

    static let schema = Schema([DiscoverMoviePageEntity.self])

    private static func container(at url: URL) throws -> ModelContainer {
        try ModelContainer(
            for: schema, configurations: [ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)])
    }

    /// Writes a store of the old shape at `url`, with one row per page.
    static func writeStore(at url: URL, pages: [String]) throws {
        let context = ModelContext(try container(at: url))
        for page in pages {
            context.insert(DiscoverMoviePageEntity(filterKey: "all", page: page, genres: [18], cachedAt: .now))
        }
        try context.save()
    }

    /// How many rows the old-shaped store holds.
    static func rowCount(at url: URL) throws -> Int {
        try ModelContext(try container(at: url)).fetchCount(FetchDescriptor<DiscoverMoviePageEntity>())
    }
}
