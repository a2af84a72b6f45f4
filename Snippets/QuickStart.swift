// snippet.hide
import Foundation
// snippet.show
import OpenSwiftData

// snippet.hide
let storeURL = FileManager.default.temporaryDirectory.appending(path: "QuickStart-\(UUID().uuidString).sqlite")
// snippet.show
@Model
final class Trip {
    @Attribute(.unique) var name: String
    var startDate: Date?

    init(name: String) { self.name = name }
}

let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: storeURL))
let context = ModelContext(container)
context.insert(Trip(name: "Lisbon"))
try context.save()
let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
// snippet.hide
print(trips.map(\.name))
