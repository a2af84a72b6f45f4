import Foundation
import Testing

@testable import OpenSwiftData

@Suite("ModelContext")
struct ModelContextTests {
    @Test("insert, save and fetch from another context")
    func insertSaveFetch() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let trip = Trip(name: "Lisbon", budget: 1200)
        #expect(trip.persistentModelID.isTemporary)
        context.insert(trip)
        #expect(context.hasChanges)
        #expect(trip.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
        #expect(trip.persistentModelID.primaryKey == 1)
        let other = ModelContext(container)
        let fetched = try other.fetch(FetchDescriptor<Trip>())
        #expect(fetched.map(\.name) == ["Lisbon"])
        #expect(fetched.first?.budget == 1200)
        #expect(fetched.first?.persistentModelID == trip.persistentModelID)
    }

    @Test("one instance per row per context; edits to fetched models are saved")
    func identityAndEdits() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        context.insert(Trip(name: "a"))
        try context.save()
        let first = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        let second = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        #expect(first === second)
        #expect(first == second)
        first.budget = 42
        #expect(context.hasChanges)
        #expect(context.changedModelsArray.count == 1)
        try context.save()
        let reread = try ModelContext(container).fetch(FetchDescriptor<Trip>())
        #expect(reread.first?.budget == 42)
        #expect(context.model(for: first.persistentModelID) === first)
        let registered: Trip? = context.registeredModel(for: first.persistentModelID)
        #expect(registered === first)
    }

    @Test("a context forgets the models nothing holds any more, and keeps those still in use")
    func identityMapReleasesModels() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        for name in ["a", "b", "c"] { context.insert(Trip(name: name)) }
        try context.save()
        // Saved, and held by nothing any more.
        #expect(context.core.identityMap.count == 0)
        var kept: Trip?
        do {
            let trips = try ModelContext(container).fetch(FetchDescriptor<Trip>())
            #expect(trips.count == 3)
        }
        let fresh = ModelContext(container)
        do {
            let trips = try fresh.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
            #expect(fresh.core.identityMap.count == 3)
            kept = trips[1]
        }
        #expect(fresh.core.identityMap.count == 1)
        let again = try fresh.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "b" }))
        #expect(again.first === kept)
    }

    @Test("an identifier names the store, and keeps naming it once the model is deleted and saved")
    func identifierKeepsItsStore() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let inserted = Trip(name: "a")
        context.insert(inserted)
        try context.save()
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Trip>()).first)
        let identifier = fetched.persistentModelID
        #expect(identifier.storeIdentifier == container.stores.stores[0].identifier)
        #expect(identifier == inserted.persistentModelID)
        let fetchedContext = try #require(fetched.modelContext)
        fetchedContext.delete(fetched)
        try fetchedContext.save()
        #expect(fetched.modelContext == nil)
        #expect(fetched.persistentModelID == identifier)
        #expect(fetched.persistentModelID.storeIdentifier == container.stores.stores[0].identifier)
    }

    @Test("a model whose backing data outlives it is never handed out again; its row gets a new model")
    func backingDataOutlivingItsModel() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let setup = ModelContext(container)
        setup.insert(Trip(name: "a"))
        try setup.save()
        let context = ModelContext(container)
        var keptBacking: ModelBackingData?
        do {
            let trip = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
            keptBacking = trip.persistentBackingData
        }
        // The model is gone, its backing data is not: the entry stays until it goes too,
        // but counts for nothing.
        #expect(context.core.identityMap.liveModels.isEmpty)
        let refetched = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        #expect(refetched.name == "a")
        #expect(context.registeredModel(for: refetched.persistentModelID) as Trip? === refetched)
        keptBacking = nil
        #expect(keptBacking == nil)
        // The old backing data's deinitialization leaves the live model's entry alone.
        #expect(context.core.identityMap.count == 1)
        #expect(context.registeredModel(for: refetched.persistentModelID) as Trip? === refetched)
    }

    @Test("a fetched model shows its row, not its properties' initial values; a new model gets them")
    func initialValuesOnlyForNewModels() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let trip = Trip(name: "t", budget: 1200)
        context.insert(trip)
        trip.stops = [Stop(title: "s", order: 5)]
        try context.save()
        let fresh = ModelContext(container)
        let fetchedTrip = try #require(try fresh.fetch(FetchDescriptor<Trip>()).first)
        let fetchedStop = try #require(try fresh.fetch(FetchDescriptor<Stop>()).first)
        #expect(fetchedTrip.budget == 1200)
        #expect(fetchedStop.order == 5)
        #expect(fetchedStop.trip === fetchedTrip)
        #expect(fetchedTrip.stops.map(\.title) == ["s"])
        #expect(!fresh.hasChanges)
        let new = Stop(title: "new")
        #expect(new.order == 0)
        #expect(new.trip == nil)
        #expect(Trip(name: "n").stops.isEmpty)
    }

    @Test("rollback discards inserts, deletes and edits")
    func rollback() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let kept = Trip(name: "kept", budget: 1)
        let doomed = Trip(name: "doomed")
        context.insert(kept)
        context.insert(doomed)
        try context.save()
        kept.budget = 99
        context.delete(doomed)
        let inserted = Trip(name: "new")
        context.insert(inserted)
        #expect(doomed.isDeleted)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(kept.budget == 1)
        #expect(!doomed.isDeleted)
        #expect(inserted.modelContext == nil)
        try context.save()
        let names = try ModelContext(container).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
            .map(\.name)
        #expect(names == ["doomed", "kept"])
    }

    @Test("transaction saves on success and rolls back on error")
    func transaction() throws {
        struct Failure: Error {}
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        try context.transaction {
            context.insert(Trip(name: "committed"))
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 1)
        #expect(throws: Failure.self) {
            try context.transaction {
                context.insert(Trip(name: "discarded"))
                throw Failure()
            }
        }
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 1)
    }

    @Test("delete(model:where:) deletes the matching models when called, as SwiftData's batch delete")
    func batchDelete() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        for index in 0..<10 { context.insert(Trip(name: "t\(index)", budget: Double(index))) }
        try context.save()
        try context.delete(model: Trip.self, where: #Predicate { $0.budget >= 5 })
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 5)
        #expect(!context.hasChanges)
    }

    @Test("enumerate walks every model in batches")
    func enumerate() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        for index in 0..<25 { context.insert(Trip(name: String(format: "t%02d", index))) }
        try context.save()
        var names: [String] = []
        try ModelContext(container).enumerate(
            FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]), batchSize: 7
        ) { names.append($0.name) }
        #expect(names == (0..<25).map { String(format: "t%02d", $0) })
    }

    @Test("fetches include unsaved inserts, changes and deletes")
    func pendingChanges() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let cheap = Trip(name: "cheap", budget: 10)
        let dear = Trip(name: "dear", budget: 1000)
        context.insert(cheap)
        context.insert(dear)
        try context.save()
        cheap.budget = 5000
        context.delete(dear)
        context.insert(Trip(name: "new", budget: 2000))
        let expensive = try context.fetch(
            FetchDescriptor<Trip>(predicate: #Predicate { $0.budget > 100 }, sortBy: [SortDescriptor(\.budget)]))
        #expect(expensive.map(\.name) == ["new", "cheap"])
        var excluding = FetchDescriptor<Trip>(predicate: #Predicate { $0.budget > 100 })
        excluding.includePendingChanges = false
        #expect(try context.fetch(excluding).map(\.name) == ["dear"])
        #expect(try context.fetchCount(FetchDescriptor<Trip>()) == 2)
    }

    @Test("inserting a model whose unique attribute is stored updates that row")
    func upsert() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        context.insert(Trip(name: "Paris", budget: 1))
        try context.save()
        let replacement = Trip(name: "Paris", budget: 2)
        context.insert(replacement)
        try context.save()
        let other = ModelContext(container)
        let trips = try other.fetch(FetchDescriptor<Trip>())
        #expect(trips.count == 1)
        #expect(trips.first?.budget == 2)
        #expect(replacement.persistentModelID == trips.first?.persistentModelID)
    }

    @Test("a save is seen by other contexts through the notification and the container's changes")
    func didSaveNotification() async throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let changes = container.changes()
        let observer = ObservedSaves()
        let token = NotificationCenter.default.addObserver(
            forName: ModelContext.didSave, object: nil, queue: nil
        ) { notification in
            let inserted = notification.userInfo?[ModelContext.NotificationKey.insertedIdentifiers.rawValue]
            observer.record(inserted as? [PersistentIdentifier] ?? [])
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let writer = ModelContext(container)
        let trip = Trip(name: "observed")
        writer.insert(trip)
        try writer.save()
        #expect(observer.identifiers.contains(trip.persistentModelID))
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.inserted == [trip.persistentModelID])
        #expect(change?.entityNames == ["Trip"])
        // The other context sees the saved row.
        #expect(try ModelContext(container).fetch(FetchDescriptor<Trip>()).map(\.name) == ["observed"])
    }
}

/// Collects identifiers from notifications, which may arrive on any thread.
final class ObservedSaves: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [PersistentIdentifier] = []

    func record(_ identifiers: [PersistentIdentifier]) {
        lock.withLock { collected += identifiers }
    }

    var identifiers: [PersistentIdentifier] { lock.withLock { collected } }
}
