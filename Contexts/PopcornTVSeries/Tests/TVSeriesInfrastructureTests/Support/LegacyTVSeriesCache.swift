import Foundation
import OpenSwiftData

/// The TV series cache as an older build wrote it: the same entity name, but the series
/// identifier was a `String` and there was a `legacyRating` column. A type change cannot
/// be migrated in place, so opening this store with the current schema fails.
enum LegacyTVSeriesCache {
    @Model
    final class TVSeriesTVSeriesEntity {
        @Attribute(.unique) var tvSeriesID: String
        var name: String
        var legacyRating: Int
        var cachedAt: Date

        init(tvSeriesID: String, name: String, legacyRating: Int, cachedAt: Date) {
            self.tvSeriesID = tvSeriesID
            self.name = name
            self.legacyRating = legacyRating
            self.cachedAt = cachedAt
        }
    }

    static let schema = Schema([TVSeriesTVSeriesEntity.self])

    /// Writes a store of the old shape at `url`, with one row per identifier.
    static func writeStore(at url: URL, seriesIDs: [String]) throws {
        let container = try ModelContainer(
            for: schema, configurations: [ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)])
        let context = ModelContext(container)
        for id in seriesIDs {
            context.insert(TVSeriesTVSeriesEntity(tvSeriesID: id, name: "Old \(id)", legacyRating: 3, cachedAt: .now))
        }
        try context.save()
    }

    /// How many rows the old-shaped store holds.
    static func rowCount(at url: URL) throws -> Int {
        let container = try ModelContainer(
            for: schema, configurations: [ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)])
        return try ModelContext(container).fetchCount(FetchDescriptor<TVSeriesTVSeriesEntity>())
    }
}
