import Foundation

/// A TV series as a discover page lists it.
public struct TVSeriesPreview: Sendable, Equatable, Identifiable {
    /// The series' identifier.
    public let id: Int
    /// The series' name.
    public let name: String
    /// A short description of the series.
    public let overview: String?
    /// When the first episode aired.
    public let firstAirDate: Date?
    /// The path of the poster image.
    public let posterPath: String?
    /// The path of the backdrop image.
    public let backdropPath: String?
    /// The average vote, from 0 to 10.
    public let voteAverage: Double
    /// The identifiers of the series' genres.
    public let genreIDs: [Int]
    /// The ISO 639-1 code of the original language, such as `"en"`.
    public let originalLanguage: String?

    /// Creates a series preview.
    public init(
        id: Int,
        name: String,
        overview: String? = nil,
        firstAirDate: Date? = nil,
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double = 0,
        genreIDs: [Int] = [],
        originalLanguage: String? = nil
    ) {
        self.id = id
        self.name = name
        self.overview = overview
        self.firstAirDate = firstAirDate
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.genreIDs = genreIDs
        self.originalLanguage = originalLanguage
    }
}
