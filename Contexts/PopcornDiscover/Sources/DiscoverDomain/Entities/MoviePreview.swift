import Foundation

/// A movie as a discover page lists it.
public struct MoviePreview: Sendable, Equatable, Identifiable {
    /// The movie's identifier.
    public let id: Int
    /// The movie's title.
    public let title: String
    /// A short description of the movie.
    public let overview: String?
    /// When the movie was released.
    public let releaseDate: Date?
    /// The path of the poster image.
    public let posterPath: String?
    /// The path of the backdrop image.
    public let backdropPath: String?
    /// The average vote, from 0 to 10.
    public let voteAverage: Double
    /// The identifiers of the movie's genres.
    public let genreIDs: [Int]
    /// The ISO 639-1 code of the original language, such as `"en"`.
    public let originalLanguage: String?

    /// Creates a movie preview.
    public init(
        id: Int,
        title: String,
        overview: String? = nil,
        releaseDate: Date? = nil,
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double = 0,
        genreIDs: [Int] = [],
        originalLanguage: String? = nil
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.genreIDs = genreIDs
        self.originalLanguage = originalLanguage
    }
}
