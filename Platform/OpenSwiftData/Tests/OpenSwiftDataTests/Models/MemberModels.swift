import Foundation
import OpenSwiftData

/// A class hierarchy whose root declares a unique attribute: one email across members and
/// staff.
@Model
class Member {
    @Attribute(.unique) var email: String
    var name: String

    init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}

@Model
final class Staff: Member {
    var level: Int

    init(email: String, name: String, level: Int) {
        self.level = level
        super.init(email: email, name: name)
    }
}
