import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import TVSeriesDomain

/// The seasons cache in `popcorn-tvseries.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataTVSeasonLocalDataSource: TVSeasonLocalDataSource {
    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) throws -> CachedValue<TVSeason>? {
        try modelContext.fetchFirst(Self.descriptor(seasonNumber, tvSeriesID)).map {
            CachedValue(value: TVSeasonMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ season: TVSeason, cachedAt: Date) throws {
        try modelContext.replace(
            Self.descriptor(season.seasonNumber, season.tvSeriesID),
            with: TVSeasonMapper().map(season, cachedAt: cachedAt))
    }

    private static func descriptor(_ seasonNumber: Int, _ tvSeriesID: Int) -> FetchDescriptor<TVSeriesSeasonEntity> {
        FetchDescriptor(predicate: #Predicate { $0.tvSeriesID == tvSeriesID && $0.seasonNumber == seasonNumber })
    }
}
