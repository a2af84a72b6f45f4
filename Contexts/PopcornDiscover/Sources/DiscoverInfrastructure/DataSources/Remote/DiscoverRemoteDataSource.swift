import DiscoverDomain
import Foundation

/// Where discover pages come from when the cache does not have them, such as TMDb's
/// `/discover` endpoints or the offline catalog. The App implements it; this package
/// only reads through it.
///
/// Every method answers in domain values and throws ``DiscoverRemoteDataSourceError``.
public protocol DiscoverRemoteDataSource: Sendable {
    /// The page with this number (from 1) of the movies matching the filter.
    func movies(matching filter: DiscoverFilter, page: Int) async throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<MoviePreview>

    /// The page with this number (from 1) of the TV series matching the filter.
    func tvSeries(matching filter: DiscoverFilter, page: Int) async throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<TVSeriesPreview>
}
