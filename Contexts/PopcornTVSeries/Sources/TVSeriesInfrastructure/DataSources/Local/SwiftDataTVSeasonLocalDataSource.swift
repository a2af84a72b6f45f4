import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import TVSeriesDomain

/// The seasons cache in `popcorn-tvseries.sqlite`, on the store's actor.
struct SwiftDataTVSeasonLocalDataSource: Sendable {
    let store: StoreActor

    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) async throws -> CachedValue<TVSeason>? {
        try await store.cachedValue(Self.season(seasonNumber, tvSeriesID)) { TVSeasonMapper().map($0) }
    }

    func save(_ season: TVSeason, cachedAt: Date) async throws {
        try await store.replace(Self.season(season.seasonNumber, season.tvSeriesID)) {
            TVSeasonMapper().map(season, cachedAt: cachedAt)
        }
    }

    private static func season(_ seasonNumber: Int, _ tvSeriesID: Int) -> FetchDescriptor<TVSeriesSeasonEntity> {
        FetchDescriptor(predicate: #Predicate { $0.tvSeriesID == tvSeriesID && $0.seasonNumber == seasonNumber })
    }
}
