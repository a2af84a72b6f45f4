import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import TVSeriesDomain

/// The single episodes cache in `popcorn-tvseries.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataTVEpisodeLocalDataSource: TVEpisodeLocalDataSource {
    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) throws -> CachedValue<TVEpisode>? {
        try modelContext.fetchFirst(Self.descriptor(episodeNumber, seasonNumber, tvSeriesID)).map {
            CachedValue(value: TVEpisodeMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ episode: TVEpisode, ofTVSeries tvSeriesID: Int, cachedAt: Date) throws {
        try modelContext.replace(
            Self.descriptor(episode.episodeNumber, episode.seasonNumber, tvSeriesID),
            with: TVEpisodeMapper().map(episode, tvSeriesID: tvSeriesID, cachedAt: cachedAt))
    }

    private static func descriptor(
        _ episodeNumber: Int, _ seasonNumber: Int, _ tvSeriesID: Int
    ) -> FetchDescriptor<TVSeriesEpisodeEntity> {
        FetchDescriptor(
            predicate: #Predicate {
                $0.tvSeriesID == tvSeriesID && $0.seasonNumber == seasonNumber && $0.episodeNumber == episodeNumber
            })
    }
}
