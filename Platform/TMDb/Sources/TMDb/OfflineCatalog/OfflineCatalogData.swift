/// The shape of ``OfflineCatalogJSON``: TMDb response bodies grouped per title.
struct OfflineCatalogData: Decodable, Sendable {
    /// One movie with the bodies of its detail endpoints.
    struct MovieEntry: Decodable, Sendable {
        let details: Movie
        let credits: Credits
        let images: ImageCollection
        let releaseDates: ReleaseDates

        private enum CodingKeys: String, CodingKey {
            case details, credits, images
            case releaseDates = "release_dates"
        }
    }

    /// One TV series with its credits and full seasons.
    struct SeriesEntry: Decodable, Sendable {
        let details: TVSeries
        let credits: Credits
        let seasons: [TVSeason]
    }

    let movieGenres: [Genre]
    let tvGenres: [Genre]
    let movies: [MovieEntry]
    let tv: [SeriesEntry]

    private enum CodingKeys: String, CodingKey {
        case movies, tv
        case movieGenres = "movie_genres"
        case tvGenres = "tv_genres"
    }
}
