import Foundation

/// Pages of TV series matching a filter.
public protocol DiscoverTVSeriesRepository: Sendable {
    /// The page with this number of the series matching the filter.
    ///
    /// - Throws: ``DiscoverRepositoryError/invalidPage(_:)`` for a page below 1,
    ///   ``DiscoverRepositoryError/unavailable(_:)`` when the page cannot be fetched.
    func tvSeries(matching filter: DiscoverFilter, page: Int) async throws(DiscoverRepositoryError)
        -> DiscoverPage<TVSeriesPreview>
}
