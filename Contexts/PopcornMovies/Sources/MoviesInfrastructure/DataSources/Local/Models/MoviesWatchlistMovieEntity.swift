import Foundation
import OpenSwiftData

/// A movie on the user's watchlist. User data in a CloudKit-configured store: every
/// property optional, no unique attribute.
@Model
final class MoviesWatchlistMovieEntity {
    var movieID: Int?
    var createdAt: Date?

    init(movieID: Int, createdAt: Date) {
        self.movieID = movieID
        self.createdAt = createdAt
    }
}
