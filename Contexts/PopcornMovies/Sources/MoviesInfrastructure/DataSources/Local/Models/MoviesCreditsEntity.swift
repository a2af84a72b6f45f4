import Foundation
import OpenSwiftData

/// The cached credits of a movie.
@Model
final class MoviesCreditsEntity {
    @Attribute(.unique) var movieID: Int
    var cachedAt: Date
    @Relationship(deleteRule: .cascade) var cast: [MoviesCastMemberEntity] = []
    @Relationship(deleteRule: .cascade) var crew: [MoviesCrewMemberEntity] = []

    init(movieID: Int, cachedAt: Date) {
        self.movieID = movieID
        self.cachedAt = cachedAt
    }
}
