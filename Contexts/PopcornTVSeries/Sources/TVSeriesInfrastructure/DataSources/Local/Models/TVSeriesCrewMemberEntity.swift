import Foundation
import OpenSwiftData

/// A crew member in cached credits; `position` keeps the order the source listed them in.
@Model
final class TVSeriesCrewMemberEntity {
    var personID: Int
    var name: String
    var job: String
    var department: String?
    var profilePath: String?
    var position: Int
    var credits: TVSeriesCreditsEntity?

    init(personID: Int, name: String, job: String, department: String?, profilePath: String?, position: Int) {
        self.personID = personID
        self.name = name
        self.job = job
        self.department = department
        self.profilePath = profilePath
        self.position = position
    }
}
