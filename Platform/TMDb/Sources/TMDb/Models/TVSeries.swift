import Foundation

/// Full TV series details, the body of `/tv/{id}`.
public struct TVSeries: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb series id.
    public let id: Int
    /// Localised name.
    public let name: String
    /// Name in the original language.
    public let originalName: String
    /// Synopsis; empty when TMDb has none.
    public let overview: String
    /// Date the first episode aired; `nil` when unknown.
    public let firstAirDate: Date?
    /// Date the latest episode aired; `nil` when unknown.
    public let lastAirDate: Date?
    /// Number of seasons.
    public let numberOfSeasons: Int
    /// Number of episodes.
    public let numberOfEpisodes: Int
    /// Season summaries, including specials (season 0) when TMDb has them.
    public let seasons: [TVSeasonSummary]
    /// Genres of the series.
    public let genres: [Genre]
    /// Networks that air the series.
    public let networks: [ProductionCompany]
    /// Typical episode running times in minutes.
    public let episodeRunTime: [Int]
    /// Poster image path; `nil` when there is none.
    public let posterPath: String?
    /// Backdrop image path; `nil` when there is none.
    public let backdropPath: String?
    /// Average user rating, 0–10.
    public let voteAverage: Double
    /// Number of user ratings.
    public let voteCount: Int
    /// TMDb popularity score.
    public let popularity: Double
    /// ISO 639-1 code of the original language.
    public let originalLanguage: String
    /// ISO 3166-1 codes of the countries of origin.
    public let originCountry: [String]
    /// Official website; `nil` when absent or empty.
    public let homepage: String?
    /// Status, e.g. `Returning Series`, `Ended`.
    public let status: String?
    /// Tagline; `nil` when absent or empty.
    public let tagline: String?
    /// Whether new episodes are still being produced.
    public let inProduction: Bool

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        originalName: String,
        overview: String,
        firstAirDate: Date? = nil,
        lastAirDate: Date? = nil,
        numberOfSeasons: Int,
        numberOfEpisodes: Int,
        seasons: [TVSeasonSummary] = [],
        genres: [Genre] = [],
        networks: [ProductionCompany] = [],
        episodeRunTime: [Int] = [],
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double,
        voteCount: Int,
        popularity: Double,
        originalLanguage: String,
        originCountry: [String] = [],
        homepage: String? = nil,
        status: String? = nil,
        tagline: String? = nil,
        inProduction: Bool
    ) {
        self.id = id
        self.name = name
        self.originalName = originalName
        self.overview = overview
        self.firstAirDate = firstAirDate
        self.lastAirDate = lastAirDate
        self.numberOfSeasons = numberOfSeasons
        self.numberOfEpisodes = numberOfEpisodes
        self.seasons = seasons
        self.genres = genres
        self.networks = networks
        self.episodeRunTime = episodeRunTime
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.originalLanguage = originalLanguage
        self.originCountry = originCountry
        self.homepage = homepage
        self.status = status
        self.tagline = tagline
        self.inProduction = inProduction
    }

    enum CodingKeys: String, CodingKey {
        case id, name, overview, seasons, genres, networks, popularity, homepage, status, tagline
        case originalName = "original_name"
        case firstAirDate = "first_air_date"
        case lastAirDate = "last_air_date"
        case numberOfSeasons = "number_of_seasons"
        case numberOfEpisodes = "number_of_episodes"
        case episodeRunTime = "episode_run_time"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case originalLanguage = "original_language"
        case originCountry = "origin_country"
        case inProduction = "in_production"
    }
}

extension TVSeries {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        originalName = try container.tmdbString(forKey: .originalName)
        overview = try container.tmdbString(forKey: .overview)
        firstAirDate = try container.tmdbDate(forKey: .firstAirDate)
        lastAirDate = try container.tmdbDate(forKey: .lastAirDate)
        seasons = try container.tmdbDecode([TVSeasonSummary].self, forKey: .seasons, default: [])
        numberOfSeasons = try container.tmdbDecode(
            Int.self, forKey: .numberOfSeasons, default: seasons.filter { $0.seasonNumber > 0 }.count)
        numberOfEpisodes = try container.tmdbDecode(Int.self, forKey: .numberOfEpisodes, default: 0)
        genres = try container.tmdbDecode([Genre].self, forKey: .genres, default: [])
        networks = try container.tmdbDecode([ProductionCompany].self, forKey: .networks, default: [])
        episodeRunTime = try container.tmdbDecode([Int].self, forKey: .episodeRunTime, default: [])
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        backdropPath = try container.tmdbOptionalString(forKey: .backdropPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        voteCount = try container.tmdbDecode(Int.self, forKey: .voteCount, default: 0)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
        originalLanguage = try container.tmdbString(forKey: .originalLanguage)
        originCountry = try container.tmdbDecode([String].self, forKey: .originCountry, default: [])
        homepage = try container.tmdbOptionalString(forKey: .homepage)
        status = try container.tmdbOptionalString(forKey: .status)
        tagline = try container.tmdbOptionalString(forKey: .tagline)
        inProduction = try container.tmdbDecode(Bool.self, forKey: .inProduction, default: false)
    }

    /// The list representation of this series, as TMDb returns it in paged lists.
    public var listItem: TVSeriesListItem {
        TVSeriesListItem(
            id: id, name: name, originalName: originalName, overview: overview, firstAirDate: firstAirDate,
            genreIDs: genres.map(\.id), posterPath: posterPath, backdropPath: backdropPath,
            voteAverage: voteAverage, voteCount: voteCount, popularity: popularity,
            originalLanguage: originalLanguage, originCountry: originCountry)
    }
}
