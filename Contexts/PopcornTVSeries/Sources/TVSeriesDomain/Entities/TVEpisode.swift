import Foundation

/// An episode of a TV series.
public struct TVEpisode: Sendable, Equatable, Identifiable {
    /// The episode's identifier.
    public let id: Int
    /// The season the episode belongs to.
    public let seasonNumber: Int
    /// The episode's number in its season.
    public let episodeNumber: Int
    /// The episode's name.
    public let name: String
    /// A short description of the episode.
    public let overview: String?
    /// When the episode aired.
    public let airDate: Date?
    /// The episode's length, in minutes.
    public let runtime: Int?
    /// The path of a still image from the episode.
    public let stillPath: String?
    /// The average vote, from 0 to 10.
    public let voteAverage: Double

    /// Creates an episode.
    public init(
        id: Int,
        seasonNumber: Int,
        episodeNumber: Int,
        name: String,
        overview: String? = nil,
        airDate: Date? = nil,
        runtime: Int? = nil,
        stillPath: String? = nil,
        voteAverage: Double = 0
    ) {
        self.id = id
        self.seasonNumber = seasonNumber
        self.episodeNumber = episodeNumber
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.runtime = runtime
        self.stillPath = stillPath
        self.voteAverage = voteAverage
    }
}
