// snippet.hide
import Foundation
// snippet.show
import OpenSwiftData

// snippet.hide
let storeURL = FileManager.default.temporaryDirectory.appending(path: "GettingStarted-\(UUID().uuidString).sqlite")

@Model
final class Stop {
    var title: String
    var trip: Trip?

    init(title: String) { self.title = title }
}
// snippet.show
@Model
final class Trip {
    @Attribute(.unique) var name: String
    var startDate: Date?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

    init(name: String) { self.name = name }
}

let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: storeURL))
let context = ModelContext(container)
context.insert(Trip(name: "Lisbon"))
try context.save()

var latest = FetchDescriptor<Trip>(
    predicate: #Predicate { $0.name.starts(with: "L") },
    sortBy: [SortDescriptor(\.startDate, order: .reverse)]
)
latest.fetchLimit = 1
let trips = try context.fetch(latest)
// snippet.hide
print(trips.map(\.name))
