import Foundation
import OpenSwiftData

@Model
final class Trip {
    @Attribute(.unique) var code: String
    var name: String
    var start: Date
    var budget: Double
    var travellers: Int
    var isBooked: Bool
    var photo: Data?
    var notes: String?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

    init(code: String, name: String, start: Date, budget: Double, travellers: Int, isBooked: Bool) {
        self.code = code
        self.name = name
        self.start = start
        self.budget = budget
        self.travellers = travellers
        self.isBooked = isBooked
    }
}

@Model
final class Stop {
    var place: String
    var nights: Int
    var trip: Trip?

    init(place: String, nights: Int) {
        self.place = place
        self.nights = nights
    }
}

/// A few trips with stops, the same on every store the tests compare.
enum TripData {
    static func insert(into context: ModelContext) throws {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let rows: [(String, String, Double, Double, Int, Bool)] = [
            ("LIS", "Lisbon", 0, 1_200.5, 2, true),
            ("OSL", "Oslo", 86_400, 3_400, 1, false),
            ("ROM", "Rome", -86_400, 950.25, 4, true),
            ("KYO", "Kyōto", 172_800, 5_100, 2, false),
            ("ÉCO", "école trip", 3_600, 0, 30, true),
        ]
        for (code, name, offset, budget, travellers, booked) in rows {
            let trip = Trip(
                code: code, name: name, start: base.addingTimeInterval(offset), budget: budget,
                travellers: travellers, isBooked: booked)
            context.insert(trip)
            for night in 1...(travellers % 3 + 1) {
                let stop = Stop(place: "\(name) \(night)", nights: night)
                context.insert(stop)
                stop.trip = trip
            }
        }
        if let oslo = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "OSL" })).first {
            oslo.photo = Data([0, 1, 2, 255])
            oslo.notes = "fjords"
        }
        try context.save()
    }

    /// `count` trips coded T0, T1, …, each with a stop, their budgets out of order.
    static func insertNumbered(_ count: Int, into container: ModelContainer) throws {
        let context = ModelContext(container)
        for number in 0..<count {
            let trip = Trip(
                code: "T\(number)", name: "trip \(number)", start: Date(timeIntervalSince1970: 0),
                budget: Double((number * 7) % 25), travellers: number % 4, isBooked: number % 2 == 0)
            context.insert(trip)
            let stop = Stop(place: "stop \(number)", nights: 1)
            context.insert(stop)
            stop.trip = trip
        }
        try context.save()
    }
}
