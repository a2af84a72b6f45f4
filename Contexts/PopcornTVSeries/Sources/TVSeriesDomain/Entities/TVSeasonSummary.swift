import Foundation

/// A season as a series lists it: its number, name and episode count, without the
/// episodes.
public struct TVSeasonSummary: Sendable, Equatable, Identifiable {
    /// The season's identifier.
    public let id: Int
    /// The season's number in the series; 0 is the specials.
    public let seasonNumber: Int
    /// The season's name, such as "Season 1".
    public let name: String
    /// A short description of the season.
    public let overview: String?
    /// When the season's first episode aired.
    public let airDate: Date?
    /// How many episodes the season has.
    public let episodeCount: Int
    /// The path of the season's poster image.
    public let posterPath: String?

    /// Creates a season summary.
    public init(
        id: Int,
        seasonNumber: Int,
        name: String,
        overview: String? = nil,
        airDate: Date? = nil,
        episodeCount: Int = 0,
        posterPath: String? = nil
    ) {
        self.id = id
        self.seasonNumber = seasonNumber
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.episodeCount = episodeCount
        self.posterPath = posterPath
    }

    /// Whether this is the specials season (number 0).
    public var isSpecials: Bool { seasonNumber == 0 }
}
