import DataPersistenceInfrastructure
import Foundation
import TVSeriesDomain

/// Single episodes, read through the cache (see ``ReadThroughCache``).
struct DefaultTVEpisodeRepository: TVEpisodeRepository {
    let local: SwiftDataTVEpisodeLocalDataSource
    let remote: any TVSeriesRemoteDataSource
    let cache: ReadThroughCache

    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) async throws(TVSeriesRepositoryError) -> TVEpisode {
        try await cache.value(
            describedAs: "episode \(episodeNumber) of season \(seasonNumber) of TV series \(tvSeriesID)",
            cached: { try await local.episode(episodeNumber, inSeason: seasonNumber, ofTVSeries: tvSeriesID) },
            remote: { () async throws(TVSeriesRemoteDataSourceError) in
                try await remote.episode(episodeNumber, inSeason: seasonNumber, ofTVSeries: tvSeriesID)
            },
            store: { try await local.save($0, ofTVSeries: tvSeriesID, cachedAt: $1) },
            mapError: TVSeriesRepositoryError.init)
    }
}
