import Foundation

/// A ``TMDbService`` that answers from a catalog embedded in the package, without network or account.
///
/// The catalog holds invented movies and series (with genres, credits, images, release dates,
/// seasons and episodes) stored as TMDb-shaped JSON and read with the same decoders as the
/// HTTP client. Lists are paged by 20 like TMDb; unknown ids raise ``TMDbError/notFound``.
public struct OfflineCatalog: TMDbService {
    private let source: Result<OfflineCatalogStore, TMDbError>

    /// The catalog compiled into the package. It is decoded once, on first use.
    public init() {
        source = OfflineCatalogStore.bundled
    }

    /// A catalog decoded from `data` in the shape of ``OfflineCatalogJSON``.
    init(data: Data) {
        source = OfflineCatalogStore.load(from: data)
    }

    private func store() throws(TMDbError) -> OfflineCatalogStore {
        try source.get()
    }

    private func movieEntry(_ id: Int) throws(TMDbError) -> OfflineCatalogData.MovieEntry {
        guard let entry = try store().movies[id] else { throw .notFound }
        return entry
    }

    private func seriesEntry(_ id: Int) throws(TMDbError) -> OfflineCatalogData.SeriesEntry {
        guard let entry = try store().series[id] else { throw .notFound }
        return entry
    }

    // MARK: Movies

    public func movieDetails(id: Int) async throws(TMDbError) -> Movie {
        try movieEntry(id).details
    }

    public func movieCredits(id: Int) async throws(TMDbError) -> Credits {
        try movieEntry(id).credits
    }

    public func movieImages(id: Int) async throws(TMDbError) -> ImageCollection {
        try movieEntry(id).images
    }

    public func movieReleaseDates(id: Int) async throws(TMDbError) -> ReleaseDates {
        try movieEntry(id).releaseDates
    }

    public func popularMovies(page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        try OfflineCatalogPaging.page(store().moviesByPopularity, page: page)
    }

    /// Movies sharing at least one genre, most shared genres first, then by popularity.
    public func similarMovies(id: Int, page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        let genres = Set(try movieEntry(id).details.genres.map(\.id))
        let ranked = try store().moviesByPopularity
            .filter { $0.id != id }
            .map { (item: $0, shared: genres.intersection($0.genreIDs).count) }
            .filter { $0.shared > 0 }
        // `sorted` is not stable-guaranteed, so break ties on the popularity order explicitly.
        let ordered = ranked.enumerated().sorted { lhs, rhs in
            lhs.element.shared != rhs.element.shared ? lhs.element.shared > rhs.element.shared : lhs.offset < rhs.offset
        }
        return try OfflineCatalogPaging.page(ordered.map(\.element.item), page: page)
    }

    /// Well-rated movies sharing a genre or the original language, best rated first.
    public func movieRecommendations(id: Int, page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        let movie = try movieEntry(id).details
        let genres = Set(movie.genres.map(\.id))
        let candidates = try store().moviesByPopularity.filter { item in
            item.id != id && item.voteCount > 0
                && (item.originalLanguage == movie.originalLanguage || !genres.isDisjoint(with: item.genreIDs))
        }
        let ordered = candidates.sorted { lhs, rhs in
            lhs.voteAverage != rhs.voteAverage ? lhs.voteAverage > rhs.voteAverage : lhs.id < rhs.id
        }
        return try OfflineCatalogPaging.page(ordered, page: page)
    }

    // MARK: TV

    public func tvSeriesDetails(id: Int) async throws(TMDbError) -> TVSeries {
        try seriesEntry(id).details
    }

    public func tvSeriesCredits(id: Int) async throws(TMDbError) -> Credits {
        try seriesEntry(id).credits
    }

    public func tvSeason(seriesID: Int, seasonNumber: Int) async throws(TMDbError) -> TVSeason {
        guard let season = try seriesEntry(seriesID).seasons.first(where: { $0.seasonNumber == seasonNumber }) else {
            throw .notFound
        }
        return season
    }

    public func tvEpisode(seriesID: Int, seasonNumber: Int, episodeNumber: Int) async throws(TMDbError) -> TVEpisode {
        let season = try await tvSeason(seriesID: seriesID, seasonNumber: seasonNumber)
        guard let episode = season.episodes.first(where: { $0.episodeNumber == episodeNumber }) else {
            throw .notFound
        }
        return episode
    }

    // MARK: Discover, search, genres

    /// Movies having every genre in `filter.genreIDs` and the given original language, most popular first.
    public func discoverMovies(_ filter: DiscoverFilter) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        let matches = try store().moviesByPopularity.filter { item in
            Self.matches(filter, genreIDs: item.genreIDs, language: item.originalLanguage)
        }
        return try OfflineCatalogPaging.page(matches, page: filter.page)
    }

    /// Series having every genre in `filter.genreIDs` and the given original language, most popular first.
    public func discoverTVSeries(_ filter: DiscoverFilter) async throws(TMDbError) -> TMDbPage<TVSeriesListItem> {
        let matches = try store().seriesByPopularity.filter { item in
            Self.matches(filter, genreIDs: item.genreIDs, language: item.originalLanguage)
        }
        return try OfflineCatalogPaging.page(matches, page: filter.page)
    }

    /// Case- and diacritic-insensitive substring match on movie titles, series names and
    /// credited people's names (current or original), most popular first.
    public func multiSearch(query: String, page: Int) async throws(TMDbError) -> TMDbPage<MultiSearchResult> {
        try validatePage(page)
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !needle.isEmpty else {
            return try OfflineCatalogPaging.page([MultiSearchResult](), page: page)
        }
        let store = try store()
        var hits: [MultiSearchResult] = []
        hits += store.moviesByPopularity
            .filter { Self.contains($0.title, needle) || Self.contains($0.originalTitle, needle) }
            .map(MultiSearchResult.movie)
        hits += store.seriesByPopularity
            .filter { Self.contains($0.name, needle) || Self.contains($0.originalName, needle) }
            .map(MultiSearchResult.tv)
        hits += store.people
            .filter { Self.contains($0.name, needle) || Self.contains($0.originalName ?? "", needle) }
            .map(MultiSearchResult.person)
        let ordered = hits.enumerated().sorted { lhs, rhs in
            lhs.element.popularity != rhs.element.popularity
                ? lhs.element.popularity > rhs.element.popularity : lhs.offset < rhs.offset
        }
        return try OfflineCatalogPaging.page(ordered.map(\.element), page: page)
    }

    public func movieGenres() async throws(TMDbError) -> [Genre] {
        try store().movieGenres
    }

    public func tvGenres() async throws(TMDbError) -> [Genre] {
        try store().tvGenres
    }

    private static func matches(_ filter: DiscoverFilter, genreIDs: [Int], language: String) -> Bool {
        if !Set(filter.genreIDs).isSubset(of: genreIDs) { return false }
        if let wanted = filter.originalLanguage, !wanted.isEmpty, wanted.lowercased() != language.lowercased() {
            return false
        }
        return true
    }

    private static func contains(_ text: String, _ needle: String) -> Bool {
        text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
