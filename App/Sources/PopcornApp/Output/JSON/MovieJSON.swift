import Foundation
import MoviesDomain

/// `movies popular`, `movies similar ID`, `movies recommendations ID`.
public typealias MovieListJSON = PageJSON<MovieSummaryJSON>

/// A movie in a list.
public struct MovieSummaryJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let title: String
    @Nullable public var releaseDate: CalendarDay?
    /// The year of ``releaseDate``.
    @Nullable public var year: Int?
    /// TMDb's average vote, from 0 to 10.
    public let rating: Double
}

/// `movies show ID`: the movie's details, credits, US certification and whether it is
/// on the watchlist.
public struct MovieDetailsJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let title: String
    @Nullable public var originalTitle: String?
    /// ISO 639-1, such as `en`.
    @Nullable public var originalLanguage: String?
    @Nullable public var releaseDate: CalendarDay?
    @Nullable public var year: Int?
    /// In minutes.
    @Nullable public var runtime: Int?
    @Nullable public var status: String?
    @Nullable public var tagline: String?
    @Nullable public var overview: String?
    public let genres: [GenreJSON]
    public let rating: Double
    public let voteCount: Int
    /// The rating in the United States (`certificationCountry`), such as `PG-13`.
    @Nullable public var certification: String?
    public let certificationCountry: String
    @Nullable public var collection: CollectionJSON?
    /// In US dollars.
    @Nullable public var budget: Int?
    @Nullable public var revenue: Int?
    @Nullable public var imdbID: String?
    @Nullable public var homepage: String?
    public let credits: CreditsJSON
    public let onWatchlist: Bool
}

/// A genre of a movie or series.
public struct GenreJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
}

/// The collection (series of films) a movie belongs to.
public struct CollectionJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
}

/// Who is in a movie or series, in billing order, and who made it.
public struct CreditsJSON: Codable, Equatable, Sendable {
    public let cast: [CastMemberJSON]
    public let crew: [CrewMemberJSON]
}

public struct CastMemberJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
    @Nullable public var character: String?
    /// The billing order, from 0.
    public let order: Int
}

public struct CrewMemberJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
    public let job: String
    @Nullable public var department: String?
}

extension MovieSummaryJSON {
    init(_ movie: MoviePreview) {
        self.init(
            id: movie.id, title: movie.title, releaseDate: CalendarDay.of(movie.releaseDate),
            year: CalendarDay.of(movie.releaseDate)?.year, rating: movie.voteAverage)
    }
}

extension MovieDetailsJSON {
    init(
        _ movie: Movie, credits: Credits, certification: Certification?, certificationCountry: String,
        onWatchlist: Bool
    ) {
        self.init(
            id: movie.id, title: movie.title, originalTitle: movie.originalTitle,
            originalLanguage: movie.originalLanguage, releaseDate: CalendarDay.of(movie.releaseDate),
            year: CalendarDay.of(movie.releaseDate)?.year, runtime: movie.runtime, status: movie.status,
            tagline: movie.tagline, overview: movie.overview,
            genres: movie.genres.map { GenreJSON(id: $0.id, name: $0.name) }, rating: movie.voteAverage,
            voteCount: movie.voteCount, certification: certification?.rating,
            certificationCountry: certificationCountry,
            collection: movie.collection.map { CollectionJSON(id: $0.id, name: $0.name) }, budget: movie.budget,
            revenue: movie.revenue, imdbID: movie.imdbID, homepage: movie.homepageURL?.absoluteString,
            credits: CreditsJSON(
                cast: credits.cast.map {
                    CastMemberJSON(id: $0.id, name: $0.name, character: $0.character, order: $0.order)
                },
                crew: credits.crew.map {
                    CrewMemberJSON(id: $0.id, name: $0.name, job: $0.job, department: $0.department)
                }),
            onWatchlist: onWatchlist)
    }
}
