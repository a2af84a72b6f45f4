import Foundation
import OpenSwiftData

/// A cached movie's details; its parts are deleted with it.
@Model
final class MoviesMovieEntity {
    @Attribute(.unique) var movieID: Int
    var title: String
    var originalTitle: String?
    var originalLanguage: String?
    var overview: String?
    var tagline: String?
    var releaseDate: Date?
    var runtime: Int?
    var status: String?
    var posterPath: String?
    var backdropPath: String?
    var homepageURL: URL?
    var imdbID: String?
    var voteAverage: Double = 0
    var voteCount: Int = 0
    var popularity: Double = 0
    var budget: Int?
    var revenue: Int?
    var cachedAt: Date
    @Relationship(deleteRule: .cascade) var genres: [MoviesGenreEntity] = []
    @Relationship(deleteRule: .cascade) var productionCompanies: [MoviesProductionCompanyEntity] = []
    @Relationship(deleteRule: .cascade) var productionCountries: [MoviesProductionCountryEntity] = []
    @Relationship(deleteRule: .cascade) var spokenLanguages: [MoviesSpokenLanguageEntity] = []
    @Relationship(deleteRule: .cascade) var collection: MoviesCollectionEntity?

    init(movieID: Int, title: String, cachedAt: Date) {
        self.movieID = movieID
        self.title = title
        self.cachedAt = cachedAt
    }
}
