import OpenSwiftData

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
