import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Relationships faulted in batches")
struct BatchFaultingTests {
    /// Three trips with two, zero and three stops, and a tour with two tags; saved.
    private func makeStore() throws -> ModelContainer {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let stopCounts = ["Lisbon": 2, "Porto": 0, "Faro": 3]
        for (name, count) in stopCounts {
            let trip = Trip(name: name)
            context.insert(trip)
            trip.stops = (0..<count).map { Stop(title: "\(name) \($0)", order: $0) }
        }
        let tour = Trip(name: "Tour")
        context.insert(tour)
        tour.tags = [Tag(label: "food"), Tag(label: "art")]
        try context.save()
        return container
    }

    private func isLoaded(_ model: some PersistentModel, _ keyPath: AnyKeyPath) -> Bool {
        let backing = model.persistentBackingData
        guard let index = backing.entity.propertyIndexByKeyPath[keyPath] else { return false }
        if case .notLoaded = backing.relationships[index] { return false }
        return true
    }

    @Test("faulting one model's to-many relationship loads it for the other models of its fetch, each its own")
    func siblingsLoadedTogether() throws {
        let container = try makeStore()
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map(\.name) == ["Faro", "Lisbon", "Porto", "Tour"])
        #expect(trips.allSatisfy { !isLoaded($0, \Trip.stops) })
        #expect(trips[0].stops.map(\.title) == ["Faro 0", "Faro 1", "Faro 2"])
        #expect(trips.allSatisfy { isLoaded($0, \Trip.stops) })
        #expect(
            trips.map { $0.stops.map(\.title) } == [["Faro 0", "Faro 1", "Faro 2"], ["Lisbon 0", "Lisbon 1"], [], []])
        #expect(trips[1].stops.allSatisfy { $0.trip === trips[1] })
        // Other relationships are left for their own first use.
        #expect(!isLoaded(trips[1], \Trip.tags))
    }

    @Test("a batch load reads the store once: rows added behind the context's back afterwards are not seen")
    func oneQueryForTheBatch() throws {
        let folder = TemporaryFolder()
        do {
            let container = try makeContainer(tripSchemaTypes, folder: folder)
            let context = ModelContext(container)
            for name in ["a", "b"] {
                let trip = Trip(name: name)
                context.insert(trip)
                trip.stops = [Stop(title: "\(name) 0")]
            }
            try context.save()
        }
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips[0].stops.count == 1)
        let other = try DatabaseQueue(path: folder.file("store.sqlite").path)
        try other.write { db in
            let key = try #require(try Int64.fetchOne(db, sql: #"SELECT "_pk" FROM "Trip" WHERE "name" = 'b'"#))
            try db.execute(
                sql: #"INSERT INTO "Stop" ("_pk", "title", "order", "trip") VALUES (100, 'b 1', 1, ?)"#,
                arguments: [key])
        }
        #expect(trips[1].stops.map(\.title) == ["b 0"])
        // A new fetch reads the row the other connection added.
        let again = try ModelContext(container).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(again[1].stops.map(\.title) == ["b 0", "b 1"])
    }

    @Test("a relationship changed in memory before the batch load keeps its unsaved state")
    func unsavedChangesKept() throws {
        let container = try makeStore()
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        let lisbon = trips[1]
        lisbon.stops = []
        let faro = trips[0]
        let removed = faro.stops[0]
        context.delete(removed)
        #expect(lisbon.stops.isEmpty)
        #expect(faro.stops.map(\.title) == ["Faro 1", "Faro 2"])
        #expect(trips[2].stops.isEmpty)
    }

    @Test("many-to-many relationships are faulted in batches too, in each side's order")
    func joinTables() throws {
        let container = try makeStore()
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips[0].tags.isEmpty)
        #expect(trips.allSatisfy { isLoaded($0, \Trip.tags) })
        #expect(trips[3].tags.map(\.label) == ["food", "art"])
        let tags = try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.label)]))
        #expect(tags.map { $0.trips.map(\.name) } == [["Tour"], ["Tour"]])
    }

    @Test("a fault loads the window of the batch that holds the model, not the whole fetch")
    func windows() throws {
        let batch = FetchBatch(entity: EntityDescriptor.known(Trip.self))
        for key in 1...2500 { _ = batch.append(Int64(key)) }
        #expect(Array(batch.window(containing: 0)) == Array(Int64(1)...1000))
        #expect(batch.window(containing: 1999).first == 1001)
        #expect(batch.window(containing: 1999).last == 2000)
        #expect(Array(batch.window(containing: 2499)) == Array(Int64(2001)...2500))
    }

    @Test("a to-one relationship resolves to the instance already registered in the context")
    func toOneFromIdentityMap() throws {
        let container = try makeStore()
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Faro" }))
        let stops = try context.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.title == "Faro 1" }))
        #expect(stops.first?.trip === trips.first)
    }
}
