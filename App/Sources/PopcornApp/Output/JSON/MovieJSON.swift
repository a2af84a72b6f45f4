import Foundation
import MoviesDomain

/// `movies popular`, `movies similar ID`, `movies recommendations ID`.
package typealias MovieListJSON = PageJSON<MovieSummaryJSON>

/// A movie in a list.
package struct MovieSummaryJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let title: String
    @Nullable package var releaseDate: CalendarDay?
    /// The year of ``releaseDate``.
    @Nullable package var year: Int?
    /// TMDb's average vote, from 0 to 10.
    package let rating: Double
}

/// `movies show ID`: the movie's details, credits, US certification and whether it is
/// on the watchlist.
package struct MovieDetailsJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let title: String
    @Nullable package var originalTitle: String?
    /// ISO 639-1, such as `en`.
    @Nullable package var originalLanguage: String?
    @Nullable package var releaseDate: CalendarDay?
    @Nullable package var year: Int?
    /// In minutes.
    @Nullable package var runtime: Int?
    @Nullable package var status: String?
    @Nullable package var tagline: String?
    @Nullable package var overview: String?
    package let genres: [GenreJSON]
    package let rating: Double
    package let voteCount: Int
    /// The rating in the United States (`certificationCountry`), such as `PG-13`.
    @Nullable package var certification: String?
    package let certificationCountry: String
    @Nullable package var collection: CollectionJSON?
    /// In US dollars.
    @Nullable package var budget: Int?
    @Nullable package var revenue: Int?
    @Nullable package var imdbID: String?
    @Nullable package var homepage: String?
    package let credits: CreditsJSON
    package let onWatchlist: Bool
}

/// A genre of a movie or series.
package struct GenreJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let name: String
}

/// The collection (series of films) a movie belongs to.
package struct CollectionJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let name: String
}

/// Who is in a movie or series, in billing order, and who made it.
package struct CreditsJSON: Codable, Equatable, Sendable {
    package let cast: [CastMemberJSON]
    package let crew: [CrewMemberJSON]
}

package struct CastMemberJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let name: String
    @Nullable package var character: String?
    /// The billing order, from 0.
    package let order: Int
}

package struct CrewMemberJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let name: String
    package let job: String
    @Nullable package var department: String?
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
