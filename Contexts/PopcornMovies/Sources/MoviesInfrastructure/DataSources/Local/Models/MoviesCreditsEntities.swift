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

/// An actor in cached credits.
@Model
final class MoviesCastMemberEntity {
    var personID: Int
    var name: String
    var character: String?
    var order: Int
    var profilePath: String?

    init(personID: Int, name: String, character: String?, order: Int, profilePath: String?) {
        self.personID = personID
        self.name = name
        self.character = character
        self.order = order
        self.profilePath = profilePath
    }
}

/// A crew member in cached credits.
@Model
final class MoviesCrewMemberEntity {
    var personID: Int
    var name: String
    var job: String
    var department: String?
    var profilePath: String?

    init(personID: Int, name: String, job: String, department: String?, profilePath: String?) {
        self.personID = personID
        self.name = name
        self.job = job
        self.department = department
        self.profilePath = profilePath
    }
}
