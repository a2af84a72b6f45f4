import DataPersistenceInfrastructure
import Foundation
import TVSeriesDomain

/// The cache of single episodes.
protocol TVEpisodeLocalDataSource: Sendable {
    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) async throws -> CachedValue<TVEpisode>?
    func save(_ episode: TVEpisode, ofTVSeries tvSeriesID: Int, cachedAt: Date) async throws
}
