import Foundation
import OpenSwiftData

/// Models covering relationships, delete rules, uniqueness and indexes.
@Model
final class Trip {
    @Attribute(.unique) var name: String
    var startDate: Date?
    var budget: Double = 0
    var kind: Kind?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
    @Relationship(deleteRule: .nullify) var guide: Guide?
    @Relationship(deleteRule: .deny) var bookings: [Booking] = []
    @Relationship(deleteRule: .noAction) var notes: [Note] = []
    var tags: [Tag] = []
    @Transient var isSelected = false

    enum Kind: String, Codable {
        case business, leisure
    }

    init(name: String, startDate: Date? = nil, budget: Double = 0, kind: Kind? = nil) {
        self.name = name
        self.startDate = startDate
        self.budget = budget
        self.kind = kind
    }
}

@Model
final class Stop {
    var title: String
    var order: Int = 0
    var trip: Trip?

    init(title: String, order: Int = 0, trip: Trip? = nil) {
        self.title = title
        self.order = order
        self.trip = trip
    }
}

@Model
final class Guide {
    var name: String
    var trips: [Trip] = []

    init(name: String) { self.name = name }
}

@Model
final class Booking {
    var reference: String
    var trip: Trip?

    init(reference: String) { self.reference = reference }
}

@Model
final class Note {
    var text: String
    var trip: Trip?

    init(text: String) { self.text = text }
}

/// Many-to-many with `Trip.tags`, stored in a join table.
@Model
final class Tag {
    @Attribute(.unique) var label: String
    var trips: [Trip] = []

    init(label: String) { self.label = label }
}

let tripSchemaTypes: [any PersistentModel.Type] = [Trip.self, Stop.self, Guide.self, Booking.self, Note.self, Tag.self]
