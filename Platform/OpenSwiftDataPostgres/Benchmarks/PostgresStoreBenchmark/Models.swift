import Foundation
import OpenSwiftData

@Model
final class BenchTrip {
    @Attribute(.unique) var code: String
    var name: String
    var budget: Double
    var travellers: Int
    var start: Date
    @Relationship(deleteRule: .cascade, inverse: \BenchStop.trip) var stops: [BenchStop] = []

    init(code: String, name: String, budget: Double, travellers: Int, start: Date) {
        self.code = code
        self.name = name
        self.budget = budget
        self.travellers = travellers
        self.start = start
    }
}

@Model
final class BenchStop {
    var place: String
    var nights: Int
    var trip: BenchTrip?

    init(place: String, nights: Int) {
        self.place = place
        self.nights = nights
    }
}

/// The trips both sides write: the same values, in the same order.
struct TripValues: Sendable {
    let code: String
    let name: String
    let budget: Double
    let travellers: Int
    let start: Date

    /// Inserts the trip into `context`, with its two stops.
    func insert(into context: ModelContext) {
        let trip = BenchTrip(code: code, name: name, budget: budget, travellers: travellers, start: start)
        context.insert(trip)
        for night in 1...2 {
            let stop = BenchStop(place: "\(name) \(night)", nights: night)
            context.insert(stop)
            stop.trip = trip
        }
    }

    static func all(count: Int) -> [TripValues] {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<count).map { index in
            TripValues(
                code: "T\(index)", name: "Trip number \(index)", budget: Double(index) * 1.5,
                travellers: index % 7, start: base.addingTimeInterval(Double(index) * 3_600))
        }
    }
}
