import Foundation
import OpenSwiftData

/// The cached certifications of a movie, by country code.
@Model
final class MoviesCertificationEntity {
    @Attribute(.unique) var movieID: Int
    var ratingsByCountry: [String: String] = [:]
    var cachedAt: Date

    init(movieID: Int, ratingsByCountry: [String: String], cachedAt: Date) {
        self.movieID = movieID
        self.ratingsByCountry = ratingsByCountry
        self.cachedAt = cachedAt
    }
}
