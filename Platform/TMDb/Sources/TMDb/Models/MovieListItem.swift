import Foundation

/// A movie as it appears in lists: popular, similar, recommendations, discover and search.
public struct MovieListItem: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb movie id.
    public let id: Int
    /// Localised title.
    public let title: String
    /// Title in the original language.
    public let originalTitle: String
    /// Short synopsis; empty when TMDb has none.
    public let overview: String
    /// Primary release date; `nil` when unknown.
    public let releaseDate: Date?
    /// Ids of the movie's genres (see ``TMDbService/movieGenres()``).
    public let genreIDs: [Int]
    /// Poster image path, e.g. `/abc.jpg`; `nil` when there is none.
    public let posterPath: String?
    /// Backdrop image path; `nil` when there is none.
    public let backdropPath: String?
    /// Average user rating, 0–10.
    public let voteAverage: Double
    /// Number of user ratings.
    public let voteCount: Int
    /// TMDb popularity score.
    public let popularity: Double
    /// ISO 639-1 code of the original language, e.g. `en`.
    public let originalLanguage: String
    /// Whether TMDb flags the movie as adult content.
    public let adult: Bool

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        title: String,
        originalTitle: String,
        overview: String,
        releaseDate: Date? = nil,
        genreIDs: [Int] = [],
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double,
        voteCount: Int,
        popularity: Double,
        originalLanguage: String,
        adult: Bool
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.overview = overview
        self.releaseDate = releaseDate
        self.genreIDs = genreIDs
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.originalLanguage = originalLanguage
        self.adult = adult
    }

    enum CodingKeys: String, CodingKey {
        case id, title, overview, popularity, adult
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case genreIDs = "genre_ids"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case originalLanguage = "original_language"
    }
}

extension MovieListItem {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.tmdbString(forKey: .title)
        originalTitle = try container.tmdbString(forKey: .originalTitle)
        overview = try container.tmdbString(forKey: .overview)
        releaseDate = try container.tmdbDate(forKey: .releaseDate)
        genreIDs = try container.tmdbDecode([Int].self, forKey: .genreIDs, default: [])
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        backdropPath = try container.tmdbOptionalString(forKey: .backdropPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        voteCount = try container.tmdbDecode(Int.self, forKey: .voteCount, default: 0)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
        originalLanguage = try container.tmdbString(forKey: .originalLanguage)
        adult = try container.tmdbDecode(Bool.self, forKey: .adult, default: false)
    }
}
