import OpenSwiftData
import XCTest

// snippet.hide
@Model
final class Trip {
    var name: String

    init(name: String) { self.name = name }
}
// snippet.show
nonisolated final class TripTests: XCTestCase {
    @MainActor private var container: ModelContainer?

    @MainActor override func setUp() async throws {
        container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    @MainActor func testSavesATrip() async throws {
        let context = try XCTUnwrap(container).mainContext
        context.insert(Trip(name: "Lisbon"))
        try context.save()
    }
}
