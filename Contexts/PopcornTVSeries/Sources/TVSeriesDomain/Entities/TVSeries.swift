import Foundation

/// A TV series with its details, genres and a summary of each season.
public struct TVSeries: Sendable, Equatable, Identifiable {
    /// The series' identifier.
    public let id: Int
    /// The series' name.
    public let name: String
    /// The name in the series' original language.
    public let originalName: String?
    /// The ISO 639-1 code of the original language, such as `"en"`.
    public let originalLanguage: String?
    /// A short description of the series.
    public let overview: String?
    /// When the first episode aired.
    public let firstAirDate: Date?
    /// When the latest episode aired.
    public let lastAirDate: Date?
    /// The production status, such as `"Ended"`.
    public let status: String?
    /// The series' genres, in the order the source lists them.
    public let genres: [Genre]
    /// A summary of each season, specials (season 0) included, by season number.
    public let seasons: [TVSeasonSummary]
    /// How many seasons the series has.
    public let numberOfSeasons: Int
    /// How many episodes the series has.
    public let numberOfEpisodes: Int
    /// The path of the poster image.
    public let posterPath: String?
    /// The path of the backdrop image.
    public let backdropPath: String?
    /// The average vote, from 0 to 10.
    public let voteAverage: Double
    /// How many votes the average is made of.
    public let voteCount: Int

    /// Creates a series.
    public init(
        id: Int,
        name: String,
        originalName: String? = nil,
        originalLanguage: String? = nil,
        overview: String? = nil,
        firstAirDate: Date? = nil,
        lastAirDate: Date? = nil,
        status: String? = nil,
        genres: [Genre] = [],
        seasons: [TVSeasonSummary] = [],
        numberOfSeasons: Int = 0,
        numberOfEpisodes: Int = 0,
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double = 0,
        voteCount: Int = 0
    ) {
        self.id = id
        self.name = name
        self.originalName = originalName
        self.originalLanguage = originalLanguage
        self.overview = overview
        self.firstAirDate = firstAirDate
        self.lastAirDate = lastAirDate
        self.status = status
        self.genres = genres
        self.seasons = seasons
        self.numberOfSeasons = numberOfSeasons
        self.numberOfEpisodes = numberOfEpisodes
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.voteCount = voteCount
    }
}
