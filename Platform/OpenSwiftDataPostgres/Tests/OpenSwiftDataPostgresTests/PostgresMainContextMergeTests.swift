import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

/// The main context merges the saves of the container's other contexts, whatever its store:
/// SwiftData's main context does so for a custom store as for its own (a `DataStore`'s saves
/// reach the main context through the container, not through the store). The SQLite store,
/// whose merges other tests check against SwiftData's documented behaviour, is the oracle:
/// the same edits give the same held models on both stores.
@Suite("Main context merges on the PostgreSQL store")
@MainActor
struct PostgresMainContextMergeTests {
    /// Lets the main actor run the merges that other contexts' saves scheduled.
    private func endTurn() async {
        for _ in 0..<10 { await Task.yield() }
    }

    /// What a person reads of the held trips: name, notes, and stops in order of place.
    private static func describe(_ trips: [Trip]) -> [String] {
        trips.map { trip in
            let stops = trip.stops.map { "\($0.place)×\($0.nights)" }.sorted().joined(separator: ",")
            return "\(trip.code) \(trip.name) \(trip.notes ?? "-") context:\(trip.modelContext != nil) [\(stops)]"
        }
    }

    /// Holds every trip and stop in the main context, lets another context of the same
    /// container rename a trip, delete one, move a stop and change one's nights, and a third
    /// move a stop of a trip it never read, then says what the held models show.
    private func mergedEdits(on container: ModelContainer) async throws -> (trips: [String], stops: [String]) {
        let main = container.mainContext
        try TripData.insert(into: main)
        let trips = try main.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.code)]))
        let stops = try main.fetch(FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.place)]))
        _ = Self.describe(trips)  // Reads every list, as a view that shows them.

        let other = ModelContext(container)
        let otherTrips = try other.fetch(FetchDescriptor<Trip>())
        let rome = try #require(otherTrips.first { $0.code == "ROM" })
        let oslo = try #require(otherTrips.first { $0.code == "OSL" })
        let lisbon = try #require(otherTrips.first { $0.code == "LIS" })
        rome.name = "Roma"
        oslo.notes = nil
        let moved = try #require(rome.stops.first { $0.place == "Rome 1" })
        moved.trip = lisbon
        moved.nights = 9
        other.delete(try #require(otherTrips.first { $0.code == "KYO" }))
        try other.save()
        // A context that never read Oslo moves one of its stops: its save does not name Oslo.
        let third = ModelContext(container)
        let osloStop = try #require(
            try third.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.place == "Oslo 2" })).first)
        osloStop.trip = try third.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "ÉCO" })).first
        try third.save()
        await endTurn()

        let held = stops.map { "\($0.place)×\($0.nights) \($0.trip?.code ?? "-") context:\($0.modelContext != nil)" }
        return (Self.describe(trips), held)
    }

    @Test("a held model shows other contexts' saves: a renamed attribute, a cleared one, moved stops, a deleted trip")
    func heldModelsShowOtherContextsSave() async throws {
        let url = try await TestPostgres.newDatabase()
        let postgres = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let folder = TemporaryFolder(prefix: "PostgresMerge")
        let sqlite = try ModelContainer(
            for: Trip.self, Stop.self, configurations: ModelConfiguration(url: folder.file("trips.sqlite")))

        let merged = try await mergedEdits(on: postgres)
        let oracle = try await mergedEdits(on: sqlite)
        #expect(merged.trips == oracle.trips)
        #expect(merged.stops == oracle.stops)
        #expect(merged.trips.contains { $0.hasPrefix("ROM Roma") })
        #expect(merged.trips.contains { $0.hasPrefix("KYO Kyōto - context:false") })
        #expect(merged.stops.contains("Rome 1×9 LIS context:true"))
        #expect(merged.trips.contains("OSL Oslo - context:true [Oslo 1×1]"))
    }

    /// Holds guides and tours with their lists read in the main context, lets another context
    /// link and unlink from either side, then says what the held models show from both sides.
    private func mergedLinks(on container: ModelContainer) async throws -> [String] {
        let main = container.mainContext
        let (ana, ben) = (Guide(name: "Ana"), Guide(name: "Ben"))
        let (castle, river) = (Tour(name: "Castle"), Tour(name: "River"))
        for model in [ana, ben] as [any PersistentModel] + [castle, river] { main.insert(model) }
        castle.guides = [ana, ben]
        try main.save()
        let describe = {
            [ana, ben].map { "\($0.name): \($0.tours.map(\.name).sorted())" }
                + [castle, river].map { "\($0.name): \($0.guides.map(\.name).sorted())" }
        }
        _ = describe()  // Reads every list, as a view that shows them.

        let other = ModelContext(container)
        let guides = try other.fetch(FetchDescriptor<Guide>())
        let tours = try other.fetch(FetchDescriptor<Tour>())
        let otherAna = try #require(guides.first { $0.name == "Ana" })
        let otherCastle = try #require(tours.first { $0.name == "Castle" })
        otherAna.tours.append(try #require(tours.first { $0.name == "River" }))
        otherCastle.guides.removeAll { $0.name == "Ben" }
        try other.save()
        await endTurn()
        return describe()
    }

    @Test("held lists of a many-to-many show the links another context made and removed, from both sides")
    func heldListsShowOtherContextsLinks() async throws {
        let url = try await TestPostgres.newDatabase()
        let postgres = try ModelContainer(
            for: Guide.self, Tour.self, Badge.self,
            configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let folder = TemporaryFolder(prefix: "PostgresMerge")
        let sqlite = try ModelContainer(
            for: Guide.self, Tour.self, Badge.self,
            configurations: ModelConfiguration(url: folder.file("tours.sqlite")))

        let merged = try await mergedLinks(on: postgres)
        #expect(merged == (try await mergedLinks(on: sqlite)))
        #expect(merged == ["Ana: [\"Castle\", \"River\"]", "Ben: []", "Castle: [\"Ana\"]", "River: [\"Ana\"]"])
    }

    /// Holds two trips in the main context and gives a stop to the first; another context,
    /// which read the stop before it had a trip, gives it to the second: its save names the
    /// stop and the second trip, not the first. Says what the held trips list.
    private func staleMove(on container: ModelContainer) async throws -> [String] {
        let main = container.mainContext
        let (rome, lisbon) = (
            Trip(code: "ROM", name: "Rome", start: .now, budget: 1, travellers: 1, isBooked: true),
            Trip(code: "LIS", name: "Lisbon", start: .now, budget: 1, travellers: 1, isBooked: true)
        )
        let stop = Stop(place: "Forum", nights: 1)
        for model in [rome, lisbon] as [any PersistentModel] + [stop] { main.insert(model) }
        try main.save()
        let other = ModelContext(container)
        let otherStop = try #require(try other.fetch(FetchDescriptor<Stop>()).first)
        #expect(otherStop.trip == nil)

        stop.trip = rome
        try main.save()
        _ = Self.describe([rome, lisbon])  // Reads both lists, as a view that shows them.
        otherStop.trip = try other.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "LIS" })).first
        try other.save()
        await endTurn()
        return Self.describe([rome, lisbon])
    }

    @Test("a stop moved by a context that read it before it had a trip leaves the held trip it was in")
    func staleContextMovesStop() async throws {
        let url = try await TestPostgres.newDatabase()
        let postgres = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let folder = TemporaryFolder(prefix: "PostgresMerge")
        let sqlite = try ModelContainer(
            for: Trip.self, Stop.self, configurations: ModelConfiguration(url: folder.file("trips.sqlite")))

        let merged = try await staleMove(on: postgres)
        #expect(merged == (try await staleMove(on: sqlite)))
        #expect(merged == ["ROM Rome - context:true []", "LIS Lisbon - context:true [Forum×1]"])
    }
}
