import DiscoverDomain
import Foundation

/// `discover movies [--genre ID] [--language CODE] [--page N]`.
public typealias DiscoverMoviesJSON = PageJSON<DiscoveredMovieJSON>

/// `discover tv [--genre ID] [--language CODE] [--page N]`.
public typealias DiscoverTVSeriesJSON = PageJSON<DiscoveredTVSeriesJSON>

/// A movie that matches the filters.
public struct DiscoveredMovieJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let title: String
    @Nullable public var releaseDate: CalendarDay?
    @Nullable public var year: Int?
    @Nullable public var originalLanguage: String?
    public let genreIDs: [Int]
    public let rating: Double
}

/// A TV series that matches the filters.
public struct DiscoveredTVSeriesJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
    @Nullable public var firstAirDate: CalendarDay?
    @Nullable public var year: Int?
    @Nullable public var originalLanguage: String?
    public let genreIDs: [Int]
    public let rating: Double
}

extension PageJSON {
    /// A page of the Discover context, its items mapped to JSON.
    init<Source>(_ page: DiscoverPage<Source>, map: (Source) -> Item) {
        self.init(
            page: page.page, totalPages: page.totalPages, totalResults: page.totalResults,
            results: page.items.map(map))
    }
}

extension DiscoveredMovieJSON {
    init(_ movie: DiscoverDomain.MoviePreview) {
        self.init(
            id: movie.id, title: movie.title, releaseDate: CalendarDay.of(movie.releaseDate),
            year: CalendarDay.of(movie.releaseDate)?.year, originalLanguage: movie.originalLanguage,
            genreIDs: movie.genreIDs, rating: movie.voteAverage)
    }
}

extension DiscoveredTVSeriesJSON {
    init(_ series: DiscoverDomain.TVSeriesPreview) {
        self.init(
            id: series.id, name: series.name, firstAirDate: CalendarDay.of(series.firstAirDate),
            year: CalendarDay.of(series.firstAirDate)?.year, originalLanguage: series.originalLanguage,
            genreIDs: series.genreIDs, rating: series.voteAverage)
    }
}
