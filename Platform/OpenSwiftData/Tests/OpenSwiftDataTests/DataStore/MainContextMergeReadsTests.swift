import Foundation
import Testing

@testable import OpenSwiftData

/// The main context's merge of another context's save, on a custom store: what it asks the
/// store for.
@Suite("The main context's merge of a custom store's save")
struct MainContextMergeReadsTests {
    @Test("a save of many models the main context holds is merged with one read of their entity, not one a model")
    @MainActor
    func oneReadForManyModels() async throws {
        let configuration = FlakyStoreConfiguration()
        let container = try ModelContainer(for: FlakyTrip.self, FlakyStop.self, configurations: configuration)
        let main = container.mainContext
        let places = (1...20).map { "Stop \($0)" }
        for place in places { main.insert(FlakyStop(place: place)) }
        try main.save()
        let held = try main.fetch(FetchDescriptor<FlakyStop>())
        #expect(held.count == 20)

        let other = ModelContext(container)
        for stop in try other.fetch(FetchDescriptor<FlakyStop>()) { stop.place += " (renamed)" }
        let fetchesBefore = configuration.rows.withLock { $0.fetches["FlakyStop", default: 0] }
        try other.save()
        for _ in 0..<10 { await Task.yield() }

        #expect(held.map(\.place).sorted() == places.map { $0 + " (renamed)" }.sorted())
        let merged = configuration.rows.withLock { $0.fetches["FlakyStop", default: 0] } - fetchesBefore
        #expect(merged == 1)
    }
}
