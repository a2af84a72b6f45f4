import DiscoverDomain
import Foundation

/// `discover movies [--genre ID] [--language CODE] [--page N]`.
package typealias DiscoverMoviesJSON = PageJSON<DiscoveredMovieJSON>

/// `discover tv [--genre ID] [--language CODE] [--page N]`.
package typealias DiscoverTVSeriesJSON = PageJSON<DiscoveredTVSeriesJSON>

/// A movie that matches the filters.
package struct DiscoveredMovieJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let title: String
    @Nullable package var releaseDate: CalendarDay?
    @Nullable package var year: Int?
    @Nullable package var originalLanguage: String?
    package let genreIDs: [Int]
    package let rating: Double
}

/// A TV series that matches the filters.
package struct DiscoveredTVSeriesJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let name: String
    @Nullable package var firstAirDate: CalendarDay?
    @Nullable package var year: Int?
    @Nullable package var originalLanguage: String?
    package let genreIDs: [Int]
    package let rating: Double
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
