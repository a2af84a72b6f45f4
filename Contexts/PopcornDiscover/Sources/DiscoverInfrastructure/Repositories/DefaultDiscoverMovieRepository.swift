import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation

/// Pages of discovered movies, read through the cache (see ``ReadThroughCache``); each
/// filter and page number is its own entry.
struct DefaultDiscoverMovieRepository: DiscoverMovieRepository {
    let local: SwiftDataDiscoverMovieLocalDataSource
    let remote: any DiscoverRemoteDataSource
    let cache: ReadThroughCache

    func movies(matching filter: DiscoverFilter, page: Int) async throws(DiscoverRepositoryError)
        -> DiscoverPage<MoviePreview>
    {
        guard page >= 1 else { throw .invalidPage(page) }
        let key = DiscoverFilterKeyMapper().key(for: filter)
        return try await cache.value(
            describedAs: "discovered movies page \(page) for \(key)",
            cached: { try await local.page(page, filterKey: key) },
            remote: { () async throws(DiscoverRemoteDataSourceError) in
                try await remote.movies(matching: filter, page: page)
            },
            store: { try await local.save($0, filterKey: key, cachedAt: $1) },
            mapError: DiscoverRepositoryError.init)
    }
}
