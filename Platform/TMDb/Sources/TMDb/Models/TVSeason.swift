import Foundation

/// One season with its episodes, the body of `/tv/{id}/season/{n}`.
public struct TVSeason: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb season id.
    public let id: Int
    /// Season name.
    public let name: String
    /// Synopsis; empty when TMDb has none.
    public let overview: String
    /// Date the first episode aired; `nil` when unknown.
    public let airDate: Date?
    /// Season number; 0 is used for specials.
    public let seasonNumber: Int
    /// Poster image path; `nil` when there is none.
    public let posterPath: String?
    /// Average user rating, 0–10.
    public let voteAverage: Double
    /// Episodes in airing order.
    public let episodes: [TVEpisode]

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        overview: String,
        airDate: Date? = nil,
        seasonNumber: Int,
        posterPath: String? = nil,
        voteAverage: Double,
        episodes: [TVEpisode] = []
    ) {
        self.id = id
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.seasonNumber = seasonNumber
        self.posterPath = posterPath
        self.voteAverage = voteAverage
        self.episodes = episodes
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, overview, episodes
        case airDate = "air_date"
        case seasonNumber = "season_number"
        case posterPath = "poster_path"
        case voteAverage = "vote_average"
    }
}

extension TVSeason {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        overview = try container.tmdbString(forKey: .overview)
        airDate = try container.tmdbDate(forKey: .airDate)
        seasonNumber = try container.decode(Int.self, forKey: .seasonNumber)
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        episodes = try container.tmdbDecode([TVEpisode].self, forKey: .episodes, default: [])
    }
}
