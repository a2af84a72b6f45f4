import Foundation

/// A TMDb v3 endpoint: a path below the base URL plus its query parameters.
struct TMDbEndpoint: Sendable, Equatable {
    /// Path below the base URL, starting with `/`, e.g. `/movie/550`.
    let path: String
    /// Endpoint-specific query parameters, in order.
    let queryItems: [URLQueryItem]

    init(path: String, queryItems: [URLQueryItem] = []) {
        self.path = path
        self.queryItems = queryItems
    }

    static func movieDetails(id: Int) -> Self { Self(path: "/movie/\(id)") }
    static func movieCredits(id: Int) -> Self { Self(path: "/movie/\(id)/credits") }
    static func movieImages(id: Int) -> Self { Self(path: "/movie/\(id)/images") }
    static func movieReleaseDates(id: Int) -> Self { Self(path: "/movie/\(id)/release_dates") }

    static func popularMovies(page: Int) -> Self {
        Self(path: "/movie/popular", queryItems: [pageItem(page)])
    }

    static func similarMovies(id: Int, page: Int) -> Self {
        Self(path: "/movie/\(id)/similar", queryItems: [pageItem(page)])
    }

    static func movieRecommendations(id: Int, page: Int) -> Self {
        Self(path: "/movie/\(id)/recommendations", queryItems: [pageItem(page)])
    }

    static func tvSeriesDetails(id: Int) -> Self { Self(path: "/tv/\(id)") }
    static func tvSeriesCredits(id: Int) -> Self { Self(path: "/tv/\(id)/credits") }

    static func tvSeason(seriesID: Int, seasonNumber: Int) -> Self {
        Self(path: "/tv/\(seriesID)/season/\(seasonNumber)")
    }

    static func tvEpisode(seriesID: Int, seasonNumber: Int, episodeNumber: Int) -> Self {
        Self(path: "/tv/\(seriesID)/season/\(seasonNumber)/episode/\(episodeNumber)")
    }

    static func discoverMovies(_ filter: DiscoverFilter) -> Self {
        Self(path: "/discover/movie", queryItems: discoverItems(filter))
    }

    static func discoverTVSeries(_ filter: DiscoverFilter) -> Self {
        Self(path: "/discover/tv", queryItems: discoverItems(filter))
    }

    static func multiSearch(query: String, page: Int) -> Self {
        Self(path: "/search/multi", queryItems: [URLQueryItem(name: "query", value: query), pageItem(page)])
    }

    static let movieGenres = Self(path: "/genre/movie/list")
    static let tvGenres = Self(path: "/genre/tv/list")

    private static func pageItem(_ page: Int) -> URLQueryItem {
        URLQueryItem(name: "page", value: String(page))
    }

    private static func discoverItems(_ filter: DiscoverFilter) -> [URLQueryItem] {
        var items = [pageItem(filter.page), URLQueryItem(name: "sort_by", value: "popularity.desc")]
        if !filter.genreIDs.isEmpty {
            items.append(
                URLQueryItem(name: "with_genres", value: filter.genreIDs.map(String.init).joined(separator: ",")))
        }
        if let language = filter.originalLanguage, !language.isEmpty {
            items.append(URLQueryItem(name: "with_original_language", value: language))
        }
        return items
    }

    /// The full URL below `baseURL`, with `language` appended when non-nil.
    func url(baseURL: URL, language: String?) throws(TMDbError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .invalidRequest("base URL \(baseURL.absoluteString) is not valid")
        }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + path
        var items = queryItems
        if let language, !language.isEmpty {
            items.append(URLQueryItem(name: "language", value: language))
        }
        components.queryItems = items.isEmpty ? nil : items
        // `+` is legal in a query but TMDb, like most servers, reads it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw .invalidRequest("could not build a URL for \(path)")
        }
        return url
    }
}
