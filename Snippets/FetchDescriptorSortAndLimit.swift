// snippet.hide
import Foundation
import OpenSwiftData

@Model
final class Trip {
    var name: String
    var startDate: Date?

    init(name: String) { self.name = name }
}

let name = "Lisbon"
// snippet.show
var descriptor = FetchDescriptor<Trip>(
    predicate: #Predicate { $0.name == name },
    sortBy: [SortDescriptor(\.startDate, order: .reverse)]
)
descriptor.fetchLimit = 1
// snippet.hide
let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
print(try ModelContext(container).fetch(descriptor).count)
