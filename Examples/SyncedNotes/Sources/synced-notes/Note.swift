import Foundation
import SwiftData

/// A note, as a CloudKit store holds it: every attribute has a default.
@Model
final class Note {
    var title: String = ""
    var body: String = ""
    var pinned: Bool = false

    init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
