import DataPersistenceInfrastructure
import Foundation
import TVSeriesDomain

/// Seasons with their episodes, read through the cache (see ``ReadThroughCache``).
struct DefaultTVSeasonRepository: TVSeasonRepository {
    let local: SwiftDataTVSeasonLocalDataSource
    let remote: any TVSeriesRemoteDataSource
    let cache: ReadThroughCache

    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) async throws(TVSeriesRepositoryError) -> TVSeason {
        try await cache.value(
            describedAs: "season \(seasonNumber) of TV series \(tvSeriesID)",
            cached: { try await local.season(seasonNumber, ofTVSeries: tvSeriesID) },
            remote: { () async throws(TVSeriesRemoteDataSourceError) in
                try await remote.season(seasonNumber, ofTVSeries: tvSeriesID)
            },
            store: { try await local.save($0, cachedAt: $1) },
            mapError: TVSeriesRepositoryError.init)
    }
}
