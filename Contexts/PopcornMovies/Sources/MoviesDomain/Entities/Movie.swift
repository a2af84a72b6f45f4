import Foundation

/// A movie's details.
public struct Movie: Identifiable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var originalTitle: String?
    public var originalLanguage: String?
    public var overview: String?
    public var tagline: String?
    public var releaseDate: Date?
    public var runtime: Int?
    public var status: String?
    public var genres: [Genre]
    public var productionCompanies: [ProductionCompany]
    public var productionCountries: [ProductionCountry]
    public var spokenLanguages: [SpokenLanguage]
    public var collection: MovieCollection?
    public var posterPath: String?
    public var backdropPath: String?
    public var homepageURL: URL?
    public var imdbID: String?
    public var voteAverage: Double
    public var voteCount: Int
    public var popularity: Double
    public var budget: Int?
    public var revenue: Int?

    public init(
        id: Int, title: String, originalTitle: String? = nil, originalLanguage: String? = nil,
        overview: String? = nil, tagline: String? = nil, releaseDate: Date? = nil, runtime: Int? = nil,
        status: String? = nil, genres: [Genre] = [], productionCompanies: [ProductionCompany] = [],
        productionCountries: [ProductionCountry] = [], spokenLanguages: [SpokenLanguage] = [],
        collection: MovieCollection? = nil, posterPath: String? = nil, backdropPath: String? = nil,
        homepageURL: URL? = nil, imdbID: String? = nil, voteAverage: Double = 0, voteCount: Int = 0,
        popularity: Double = 0, budget: Int? = nil, revenue: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.originalLanguage = originalLanguage
        self.overview = overview
        self.tagline = tagline
        self.releaseDate = releaseDate
        self.runtime = runtime
        self.status = status
        self.genres = genres
        self.productionCompanies = productionCompanies
        self.productionCountries = productionCountries
        self.spokenLanguages = spokenLanguages
        self.collection = collection
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.homepageURL = homepageURL
        self.imdbID = imdbID
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.budget = budget
        self.revenue = revenue
    }
}
