import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

/// `ModelContext.fetch(_:batchSize:)` on the PostgreSQL store, with the SQLite store's as the
/// oracle: SwiftData's batched fetch reads the matches now and each batch's models when one
/// of them is reached, so a change saved in between shows in a batch not read yet.
@Suite("PostgreSQL store: fetch(_:batchSize:) reads each batch when it is reached")
struct PostgresBatchedFetchTests {
    @Test(
        "a batched fetch gives SQLite's models in SQLite's order, and a later batch shows a save made after the fetch")
    func batchesReadWhenReached() async throws {
        let url = try #require(URL(string: try await TestPostgres.newDatabase()))
        let folder = TemporaryFolder(prefix: "PostgresBatchedFetch")
        let sqliteURL = folder.file("trips.sqlite")
        let stores: [(name: String, open: () throws -> ModelContainer)] = [
            (
                "PostgreSQL",
                { try ModelContainer(for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: url)) }
            ),
            (
                "SQLite",
                { try ModelContainer(for: Trip.self, Stop.self, configurations: ModelConfiguration(url: sqliteURL)) }
            ),
        ]
        let descriptor = FetchDescriptor<Trip>(
            predicate: #Predicate { $0.travellers != 3 }, sortBy: [SortDescriptor(\.budget, order: .reverse)])

        var results: [String: [String]] = [:]
        for store in stores {
            let container = try store.open()
            try TripData.insertNumbered(25, into: container)
            let batched = try ModelContext(container).fetch(descriptor, batchSize: 4)
            #expect(batched.count == 19, "\(store.name)")
            // The first batch is read; the trip at position 10, in the third, is renamed by a
            // container of its own (another process, for the server) before it is reached.
            #expect(batched[0].code.hasPrefix("T"))
            let renamed = try ModelContext(container).fetch(descriptor)[10].code
            let other = ModelContext(try store.open())
            let trip = try #require(
                try other.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == renamed })).first)
            trip.name = "renamed"
            try other.save()

            results[store.name] = batched.map { "\($0.code) \($0.name) \($0.budget) \($0.stops.map(\.place))" }
            #expect(batched[10].name == "renamed", "\(store.name): \(batched[10].code) reads \(batched[10].name)")
        }
        #expect(results["PostgreSQL"] == results["SQLite"])
    }
}
