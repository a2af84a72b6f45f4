import Foundation

/// A TV series as it appears in lists: discover and search.
public struct TVSeriesListItem: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb series id.
    public let id: Int
    /// Localised name.
    public let name: String
    /// Name in the original language.
    public let originalName: String
    /// Short synopsis; empty when TMDb has none.
    public let overview: String
    /// Date the first episode aired; `nil` when unknown.
    public let firstAirDate: Date?
    /// Ids of the series' genres (see ``TMDbService/tvGenres()``).
    public let genreIDs: [Int]
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

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        originalName: String,
        overview: String,
        firstAirDate: Date? = nil,
        genreIDs: [Int] = [],
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double,
        voteCount: Int,
        popularity: Double,
        originalLanguage: String,
        originCountry: [String] = []
    ) {
        self.id = id
        self.name = name
        self.originalName = originalName
        self.overview = overview
        self.firstAirDate = firstAirDate
        self.genreIDs = genreIDs
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.originalLanguage = originalLanguage
        self.originCountry = originCountry
    }

    enum CodingKeys: String, CodingKey {
        case id, name, overview, popularity
        case originalName = "original_name"
        case firstAirDate = "first_air_date"
        case genreIDs = "genre_ids"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case originalLanguage = "original_language"
        case originCountry = "origin_country"
    }
}

extension TVSeriesListItem {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        originalName = try container.tmdbString(forKey: .originalName)
        overview = try container.tmdbString(forKey: .overview)
        firstAirDate = try container.tmdbDate(forKey: .firstAirDate)
        genreIDs = try container.tmdbDecode([Int].self, forKey: .genreIDs, default: [])
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        backdropPath = try container.tmdbOptionalString(forKey: .backdropPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        voteCount = try container.tmdbDecode(Int.self, forKey: .voteCount, default: 0)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
        originalLanguage = try container.tmdbString(forKey: .originalLanguage)
        originCountry = try container.tmdbDecode([String].self, forKey: .originCountry, default: [])
    }
}
