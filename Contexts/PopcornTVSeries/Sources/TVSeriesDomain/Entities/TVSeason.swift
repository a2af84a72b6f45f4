import Foundation

/// A season of a TV series with its episodes.
public struct TVSeason: Sendable, Equatable, Identifiable {
    /// The season's identifier.
    public let id: Int
    /// The series the season belongs to.
    public let tvSeriesID: Int
    /// The season's number in the series; 0 is the specials.
    public let seasonNumber: Int
    /// The season's name, such as "Season 1".
    public let name: String
    /// A short description of the season.
    public let overview: String?
    /// When the season's first episode aired.
    public let airDate: Date?
    /// The path of the season's poster image.
    public let posterPath: String?
    /// The season's episodes, by episode number.
    public let episodes: [TVEpisode]

    /// Creates a season.
    public init(
        id: Int,
        tvSeriesID: Int,
        seasonNumber: Int,
        name: String,
        overview: String? = nil,
        airDate: Date? = nil,
        posterPath: String? = nil,
        episodes: [TVEpisode] = []
    ) {
        self.id = id
        self.tvSeriesID = tvSeriesID
        self.seasonNumber = seasonNumber
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.posterPath = posterPath
        self.episodes = episodes
    }
}
