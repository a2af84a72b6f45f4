import Foundation

/// A season as summarised inside ``TVSeries/seasons``.
public struct TVSeasonSummary: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb season id.
    public let id: Int
    /// Season name, e.g. `Season 1` or `Specials`.
    public let name: String
    /// Synopsis; empty when TMDb has none.
    public let overview: String
    /// Date the season's first episode aired; `nil` when unknown.
    public let airDate: Date?
    /// Number of episodes.
    public let episodeCount: Int
    /// Season number; 0 is used for specials.
    public let seasonNumber: Int
    /// Poster image path; `nil` when there is none.
    public let posterPath: String?
    /// Average user rating, 0–10.
    public let voteAverage: Double

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        overview: String,
        airDate: Date? = nil,
        episodeCount: Int,
        seasonNumber: Int,
        posterPath: String? = nil,
        voteAverage: Double
    ) {
        self.id = id
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.episodeCount = episodeCount
        self.seasonNumber = seasonNumber
        self.posterPath = posterPath
        self.voteAverage = voteAverage
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, overview
        case airDate = "air_date"
        case episodeCount = "episode_count"
        case seasonNumber = "season_number"
        case posterPath = "poster_path"
        case voteAverage = "vote_average"
    }
}

extension TVSeasonSummary {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        overview = try container.tmdbString(forKey: .overview)
        airDate = try container.tmdbDate(forKey: .airDate)
        episodeCount = try container.tmdbDecode(Int.self, forKey: .episodeCount, default: 0)
        seasonNumber = try container.decode(Int.self, forKey: .seasonNumber)
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
    }
}
