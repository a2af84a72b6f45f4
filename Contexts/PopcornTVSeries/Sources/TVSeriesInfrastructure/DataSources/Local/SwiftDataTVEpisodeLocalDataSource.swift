import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import TVSeriesDomain

/// The single episodes cache in `popcorn-tvseries.sqlite`, on the store's actor.
struct SwiftDataTVEpisodeLocalDataSource: Sendable {
    let store: StoreActor

    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) async throws -> CachedValue<TVEpisode>? {
        try await store.cachedValue(Self.episode(episodeNumber, seasonNumber, tvSeriesID)) { TVEpisodeMapper().map($0) }
    }

    func save(_ episode: TVEpisode, ofTVSeries tvSeriesID: Int, cachedAt: Date) async throws {
        try await store.replace(Self.episode(episode.episodeNumber, episode.seasonNumber, tvSeriesID)) {
            TVEpisodeMapper().map(episode, tvSeriesID: tvSeriesID, cachedAt: cachedAt)
        }
    }

    private static func episode(
        _ episodeNumber: Int, _ seasonNumber: Int, _ tvSeriesID: Int
    ) -> FetchDescriptor<TVSeriesEpisodeEntity> {
        FetchDescriptor(
            predicate: #Predicate {
                $0.tvSeriesID == tvSeriesID && $0.seasonNumber == seasonNumber && $0.episodeNumber == episodeNumber
            })
    }
}
