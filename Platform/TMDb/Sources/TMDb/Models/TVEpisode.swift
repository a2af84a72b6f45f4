import Foundation

/// One episode, the body of `/tv/{id}/season/{n}/episode/{m}` and an element of ``TVSeason/episodes``.
public struct TVEpisode: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb episode id.
    public let id: Int
    /// Episode title.
    public let name: String
    /// Synopsis; empty when TMDb has none.
    public let overview: String
    /// Date the episode aired; `nil` when unknown.
    public let airDate: Date?
    /// Episode number within the season, starting at 1.
    public let episodeNumber: Int
    /// Season number.
    public let seasonNumber: Int
    /// Running time in minutes; `nil` when unknown.
    public let runtime: Int?
    /// Still image path; `nil` when there is none.
    public let stillPath: String?
    /// Average user rating, 0–10.
    public let voteAverage: Double
    /// Number of user ratings.
    public let voteCount: Int
    /// Episode crew (director, writers).
    public let crew: [CrewMember]
    /// Guest stars of this episode.
    public let guestStars: [CastMember]

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        overview: String,
        airDate: Date? = nil,
        episodeNumber: Int,
        seasonNumber: Int,
        runtime: Int? = nil,
        stillPath: String? = nil,
        voteAverage: Double,
        voteCount: Int,
        crew: [CrewMember] = [],
        guestStars: [CastMember] = []
    ) {
        self.id = id
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.episodeNumber = episodeNumber
        self.seasonNumber = seasonNumber
        self.runtime = runtime
        self.stillPath = stillPath
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.crew = crew
        self.guestStars = guestStars
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, overview, runtime, crew
        case airDate = "air_date"
        case episodeNumber = "episode_number"
        case seasonNumber = "season_number"
        case stillPath = "still_path"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case guestStars = "guest_stars"
    }
}

extension TVEpisode {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        overview = try container.tmdbString(forKey: .overview)
        airDate = try container.tmdbDate(forKey: .airDate)
        episodeNumber = try container.decode(Int.self, forKey: .episodeNumber)
        seasonNumber = try container.decode(Int.self, forKey: .seasonNumber)
        runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
        stillPath = try container.tmdbOptionalString(forKey: .stillPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        voteCount = try container.tmdbDecode(Int.self, forKey: .voteCount, default: 0)
        crew = try container.tmdbDecode([CrewMember].self, forKey: .crew, default: [])
        guestStars = try container.tmdbDecode([CastMember].self, forKey: .guestStars, default: [])
    }
}
