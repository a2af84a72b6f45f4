import OpenSwiftData

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
