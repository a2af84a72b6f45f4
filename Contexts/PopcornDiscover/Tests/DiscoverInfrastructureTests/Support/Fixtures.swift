import DiscoverDomain
import Foundation

/// Domain values the tests store and compare.
enum Fixtures {
    static func movie(_ id: Int, title: String = "Movie") -> MoviePreview {
        MoviePreview(
            id: id, title: "\(title) \(id)", overview: "Overview \(id).",
            releaseDate: Date(timeIntervalSinceReferenceDate: 300_000_000 + Double(id)), posterPath: "/p\(id).jpg",
            backdropPath: "/b\(id).jpg", voteAverage: 7.5, genreIDs: [18, 80], originalLanguage: "en")
    }

    static func series(_ id: Int, name: String = "Series") -> TVSeriesPreview {
        TVSeriesPreview(
            id: id, name: "\(name) \(id)", overview: "Overview \(id).",
            firstAirDate: Date(timeIntervalSinceReferenceDate: 300_000_000 + Double(id)), posterPath: "/p\(id).jpg",
            backdropPath: nil, voteAverage: 8.1, genreIDs: [10765], originalLanguage: "ko")
    }

    /// A page of three movies, in a deliberately unsorted order of identifiers.
    static func moviePage(_ page: Int, title: String = "Movie") -> DiscoverPage<MoviePreview> {
        DiscoverPage(
            page: page, totalPages: 5, totalResults: 100,
            items: [page * 100 + 3, page * 100 + 1, page * 100 + 2].map { movie($0, title: title) })
    }

    static func seriesPage(_ page: Int, name: String = "Series") -> DiscoverPage<TVSeriesPreview> {
        DiscoverPage(
            page: page, totalPages: 2, totalResults: 40,
            items: [page * 100 + 2, page * 100 + 1].map { series($0, name: name) })
    }
}
