import SwiftData

/// A trip, as the iOS app that shares these models declares it.
@Model
final class Trip {
    @Attribute(.unique) var code: String
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

    init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

@Model
final class Stop {
    var place: String
    var trip: Trip?

    init(place: String) {
        self.place = place
    }
}
