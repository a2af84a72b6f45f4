import Foundation

/// Full movie details, the body of `/movie/{id}`.
public struct Movie: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb movie id.
    public let id: Int
    /// Localised title.
    public let title: String
    /// Title in the original language.
    public let originalTitle: String
    /// Synopsis; empty when TMDb has none.
    public let overview: String
    /// Primary release date; `nil` when unknown.
    public let releaseDate: Date?
    /// Running time in minutes; `nil` when unknown.
    public let runtime: Int?
    /// Genres of the movie.
    public let genres: [Genre]
    /// Production companies.
    public let productionCompanies: [ProductionCompany]
    /// Production countries.
    public let productionCountries: [ProductionCountry]
    /// Spoken languages.
    public let spokenLanguages: [SpokenLanguage]
    /// The collection the movie belongs to, if any.
    public let belongsToCollection: MovieCollectionReference?
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
    /// Official website; `nil` when absent or empty.
    public let homepage: String?
    /// IMDb id such as `tt0000001`; `nil` when unknown.
    public let imdbID: String?
    /// Release status, e.g. `Released`, `Post Production`.
    public let status: String?
    /// Tagline; `nil` when absent or empty.
    public let tagline: String?
    /// Budget in US dollars; 0 when unknown.
    public let budget: Int
    /// Revenue in US dollars; 0 when unknown.
    public let revenue: Int
    /// Whether TMDb flags the movie as adult content.
    public let adult: Bool

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        title: String,
        originalTitle: String,
        overview: String,
        releaseDate: Date? = nil,
        runtime: Int? = nil,
        genres: [Genre] = [],
        productionCompanies: [ProductionCompany] = [],
        productionCountries: [ProductionCountry] = [],
        spokenLanguages: [SpokenLanguage] = [],
        belongsToCollection: MovieCollectionReference? = nil,
        posterPath: String? = nil,
        backdropPath: String? = nil,
        voteAverage: Double,
        voteCount: Int,
        popularity: Double,
        originalLanguage: String,
        homepage: String? = nil,
        imdbID: String? = nil,
        status: String? = nil,
        tagline: String? = nil,
        budget: Int,
        revenue: Int,
        adult: Bool
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.overview = overview
        self.releaseDate = releaseDate
        self.runtime = runtime
        self.genres = genres
        self.productionCompanies = productionCompanies
        self.productionCountries = productionCountries
        self.spokenLanguages = spokenLanguages
        self.belongsToCollection = belongsToCollection
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.originalLanguage = originalLanguage
        self.homepage = homepage
        self.imdbID = imdbID
        self.status = status
        self.tagline = tagline
        self.budget = budget
        self.revenue = revenue
        self.adult = adult
    }

    enum CodingKeys: String, CodingKey {
        case id, title, overview, runtime, genres, popularity, homepage, status, tagline, budget, revenue, adult
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case productionCompanies = "production_companies"
        case productionCountries = "production_countries"
        case spokenLanguages = "spoken_languages"
        case belongsToCollection = "belongs_to_collection"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case originalLanguage = "original_language"
        case imdbID = "imdb_id"
    }
}

extension Movie {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.tmdbString(forKey: .title)
        originalTitle = try container.tmdbString(forKey: .originalTitle)
        overview = try container.tmdbString(forKey: .overview)
        releaseDate = try container.tmdbDate(forKey: .releaseDate)
        runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
        genres = try container.tmdbDecode([Genre].self, forKey: .genres, default: [])
        productionCompanies = try container.tmdbDecode(
            [ProductionCompany].self, forKey: .productionCompanies, default: [])
        productionCountries = try container.tmdbDecode(
            [ProductionCountry].self, forKey: .productionCountries, default: [])
        spokenLanguages = try container.tmdbDecode([SpokenLanguage].self, forKey: .spokenLanguages, default: [])
        belongsToCollection = try container.decodeIfPresent(
            MovieCollectionReference.self, forKey: .belongsToCollection)
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        backdropPath = try container.tmdbOptionalString(forKey: .backdropPath)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        voteCount = try container.tmdbDecode(Int.self, forKey: .voteCount, default: 0)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
        originalLanguage = try container.tmdbString(forKey: .originalLanguage)
        homepage = try container.tmdbOptionalString(forKey: .homepage)
        imdbID = try container.tmdbOptionalString(forKey: .imdbID)
        status = try container.tmdbOptionalString(forKey: .status)
        tagline = try container.tmdbOptionalString(forKey: .tagline)
        budget = try container.tmdbDecode(Int.self, forKey: .budget, default: 0)
        revenue = try container.tmdbDecode(Int.self, forKey: .revenue, default: 0)
        adult = try container.tmdbDecode(Bool.self, forKey: .adult, default: false)
    }

    /// The list representation of this movie, as TMDb returns it in paged lists.
    public var listItem: MovieListItem {
        MovieListItem(
            id: id, title: title, originalTitle: originalTitle, overview: overview, releaseDate: releaseDate,
            genreIDs: genres.map(\.id), posterPath: posterPath, backdropPath: backdropPath,
            voteAverage: voteAverage, voteCount: voteCount, popularity: popularity,
            originalLanguage: originalLanguage, adult: adult)
    }
}
