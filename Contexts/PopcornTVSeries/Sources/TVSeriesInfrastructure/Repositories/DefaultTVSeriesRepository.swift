import DataPersistenceInfrastructure
import Foundation
import TVSeriesDomain

/// Series details and credits, read through the cache (see ``ReadThroughCache``).
struct DefaultTVSeriesRepository: TVSeriesRepository {
    let local: SwiftDataTVSeriesLocalDataSource
    let remote: any TVSeriesRemoteDataSource
    let cache: ReadThroughCache

    func tvSeries(withID id: Int) async throws(TVSeriesRepositoryError) -> TVSeries {
        try await cache.value(
            describedAs: "TV series \(id)",
            cached: { try await local.tvSeries(withID: id) },
            remote: { () async throws(TVSeriesRemoteDataSourceError) in try await remote.tvSeries(withID: id) },
            store: { try await local.save($0, cachedAt: $1) },
            mapError: TVSeriesRepositoryError.init)
    }

    func credits(forTVSeries id: Int) async throws(TVSeriesRepositoryError) -> Credits {
        try await cache.value(
            describedAs: "credits of TV series \(id)",
            cached: { try await local.credits(forTVSeries: id) },
            remote: { () async throws(TVSeriesRemoteDataSourceError) in try await remote.credits(forTVSeries: id) },
            store: { try await local.save($0, forTVSeries: id, cachedAt: $1) },
            mapError: TVSeriesRepositoryError.init)
    }
}
