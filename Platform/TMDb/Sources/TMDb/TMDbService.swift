/// The TMDb v3 operations Popcorn uses.
///
/// Two implementations exist: ``TMDbClient`` talks to the TMDb HTTP API and
/// ``OfflineCatalog`` answers from an embedded catalog without network.
/// Use ``TMDbServiceFactory/makeService(environment:)`` to pick one.
/// Every method throws only ``TMDbError``; unknown ids raise ``TMDbError/notFound``.
/// Paged methods take a 1-based `page` in `1...500`; other values raise ``TMDbError/invalidRequest(_:)``.
public protocol TMDbService: Sendable {
    /// Details of the movie `id` (`/movie/{id}`).
    func movieDetails(id: Int) async throws(TMDbError) -> Movie
    /// Cast and crew of the movie `id` (`/movie/{id}/credits`).
    func movieCredits(id: Int) async throws(TMDbError) -> Credits
    /// Posters, backdrops and logos of the movie `id` (`/movie/{id}/images`).
    func movieImages(id: Int) async throws(TMDbError) -> ImageCollection
    /// Release dates and certifications per country of the movie `id` (`/movie/{id}/release_dates`).
    func movieReleaseDates(id: Int) async throws(TMDbError) -> ReleaseDates
    /// Popular movies, 20 per page (`/movie/popular`).
    func popularMovies(page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem>
    /// Movies similar to the movie `id` (`/movie/{id}/similar`).
    func similarMovies(id: Int, page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem>
    /// Recommendations based on the movie `id` (`/movie/{id}/recommendations`).
    func movieRecommendations(id: Int, page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem>
    /// Details of the TV series `id` (`/tv/{id}`).
    func tvSeriesDetails(id: Int) async throws(TMDbError) -> TVSeries
    /// Cast and crew of the TV series `id` (`/tv/{id}/credits`).
    func tvSeriesCredits(id: Int) async throws(TMDbError) -> Credits
    /// One season with its episodes (`/tv/{id}/season/{n}`).
    func tvSeason(seriesID: Int, seasonNumber: Int) async throws(TMDbError) -> TVSeason
    /// One episode (`/tv/{id}/season/{n}/episode/{m}`).
    func tvEpisode(seriesID: Int, seasonNumber: Int, episodeNumber: Int) async throws(TMDbError) -> TVEpisode
    /// Movies matching `filter` (`/discover/movie`).
    func discoverMovies(_ filter: DiscoverFilter) async throws(TMDbError) -> TMDbPage<MovieListItem>
    /// TV series matching `filter` (`/discover/tv`).
    func discoverTVSeries(_ filter: DiscoverFilter) async throws(TMDbError) -> TMDbPage<TVSeriesListItem>
    /// Movies, TV series and people whose title or name matches `query` (`/search/multi`).
    func multiSearch(query: String, page: Int) async throws(TMDbError) -> TMDbPage<MultiSearchResult>
    /// All movie genres (`/genre/movie/list`).
    func movieGenres() async throws(TMDbError) -> [Genre]
    /// All TV genres (`/genre/tv/list`).
    func tvGenres() async throws(TMDbError) -> [Genre]
}

/// The range of page numbers TMDb accepts.
let tmdbValidPages = 1...500

/// Throws ``TMDbError/invalidRequest(_:)`` when `page` is outside `1...500`.
func validatePage(_ page: Int) throws(TMDbError) {
    guard tmdbValidPages.contains(page) else {
        throw .invalidRequest("page must be between 1 and 500, got \(page)")
    }
}
