import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation

/// Pages of discovered TV series, read through the cache (see ``ReadThroughCache``);
/// each filter and page number is its own entry.
struct DefaultDiscoverTVSeriesRepository: DiscoverTVSeriesRepository {
    let local: SwiftDataDiscoverTVSeriesLocalDataSource
    let remote: any DiscoverRemoteDataSource
    let cache: ReadThroughCache

    func tvSeries(matching filter: DiscoverFilter, page: Int) async throws(DiscoverRepositoryError)
        -> DiscoverPage<TVSeriesPreview>
    {
        guard page >= 1 else { throw .invalidPage(page) }
        let key = DiscoverFilterKeyMapper().key(for: filter)
        return try await cache.value(
            describedAs: "discovered TV series page \(page) for \(key)",
            cached: { try await local.page(page, filterKey: key) },
            remote: { () async throws(DiscoverRemoteDataSourceError) in
                try await remote.tvSeries(matching: filter, page: page)
            },
            store: { try await local.save($0, filterKey: key, cachedAt: $1) },
            mapError: DiscoverRepositoryError.init)
    }
}
