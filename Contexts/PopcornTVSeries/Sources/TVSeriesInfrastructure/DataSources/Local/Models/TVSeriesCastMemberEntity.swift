import Foundation
import OpenSwiftData

/// An actor in cached credits; `position` keeps the order the source listed them in.
@Model
final class TVSeriesCastMemberEntity {
    var personID: Int
    var name: String
    var character: String?
    var order: Int
    var profilePath: String?
    var position: Int
    var credits: TVSeriesCreditsEntity?

    init(personID: Int, name: String, character: String?, order: Int, profilePath: String?, position: Int) {
        self.personID = personID
        self.name = name
        self.character = character
        self.order = order
        self.profilePath = profilePath
        self.position = position
    }
}
