import Foundation

/// What a list shows of a movie.
public struct MoviePreview: Identifiable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var overview: String?
    public var releaseDate: Date?
    public var posterPath: String?
    public var backdropPath: String?
    public var voteAverage: Double

    public init(
        id: Int, title: String, overview: String? = nil, releaseDate: Date? = nil, posterPath: String? = nil,
        backdropPath: String? = nil, voteAverage: Double = 0
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
    }
}

/// One page of a movie list.
public struct MoviePreviewPage: Equatable, Sendable {
    public var page: Int
    public var totalPages: Int
    public var totalResults: Int
    public var movies: [MoviePreview]

    public init(page: Int, totalPages: Int, totalResults: Int, movies: [MoviePreview]) {
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.movies = movies
    }
}

/// The lists of movies the app shows.
public enum MovieList: Hashable, Sendable, CustomStringConvertible {
    case popular
    case similar(toMovieID: Int)
    case recommendations(forMovieID: Int)

    /// A stable key for storing a page of this list.
    public var key: String {
        switch self {
        case .popular: "popular"
        case .similar(let id): "similar/\(id)"
        case .recommendations(let id): "recommendations/\(id)"
        }
    }

    public var description: String { key }
}
