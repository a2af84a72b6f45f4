import Foundation

/// Pages of movies matching a filter.
public protocol DiscoverMovieRepository: Sendable {
    /// The page with this number of the movies matching the filter.
    ///
    /// - Throws: ``DiscoverRepositoryError/invalidPage(_:)`` for a page below 1,
    ///   ``DiscoverRepositoryError/unavailable(_:)`` when the page cannot be fetched.
    func movies(matching filter: DiscoverFilter, page: Int) async throws(DiscoverRepositoryError)
        -> DiscoverPage<MoviePreview>
}
