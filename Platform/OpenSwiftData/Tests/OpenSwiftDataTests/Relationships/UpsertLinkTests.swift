import Foundation
import Testing

@testable import OpenSwiftData

/// An insert whose unique values match a stored row updates that row (an upsert): the
/// row keeps the links the new model does not set, and stays one live model.
@Suite("An upsert and the stored row's links")
struct UpsertLinkTests {
    @Test("a to-one and a many-to-many the new model leaves empty keep their stored links")
    func linksKept() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let trip = Trip(name: "Tour", budget: 10)
        context.insert(trip)
        trip.guide = Guide(name: "Ana")
        trip.tags = [Tag(label: "food"), Tag(label: "art")]
        try context.save()

        let other = ModelContext(container)
        other.insert(Trip(name: "Tour", budget: 20))
        try other.save()

        let stored = try #require(try ModelContext(container).fetch(FetchDescriptor<Trip>()).first)
        #expect(stored.budget == 20)
        #expect(stored.guide?.name == "Ana")
        #expect(Set(stored.tags.map(\.label)) == ["food", "art"])
    }

    /// Found by the generated sequences: the held former guide kept listing the trip.
    @Test("an upsert that sets a to-one takes the row out of the former model's inverse, held in the context")
    func replacedToOneLeavesTheFormerInverse() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let held = Trip(name: "Tour", budget: 10)
        let ana = Guide(name: "Ana")
        context.insert(held)
        held.guide = ana
        try context.save()
        #expect(ana.trips.map(\.name) == ["Tour"])

        let upsert = Trip(name: "Tour", budget: 20)
        let bo = Guide(name: "Bo")
        context.insert(upsert)
        upsert.guide = bo
        try context.save()

        #expect(held.guide === bo)
        #expect(bo.trips.count == 1 && bo.trips.first === held)
        #expect(ana.trips.isEmpty)
        let stored = try ModelContext(container).fetch(FetchDescriptor<Guide>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map { $0.trips.map(\.name) } == [[], ["Tour"]])
    }

    @Test("the model the context held stays the row's one live model and shows the upsert")
    func oneLiveModel() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let held = Trip(name: "Tour", budget: 10)
        context.insert(held)
        try context.save()

        let upsert = Trip(name: "Tour", budget: 20)
        context.insert(upsert)
        try context.save()

        let fetched = try context.fetch(FetchDescriptor<Trip>())
        #expect(fetched.count == 1)
        #expect(fetched.first === held)
        #expect(held.budget == 20)
        #expect(upsert.modelContext == nil)
        #expect(upsert.persistentModelID == held.persistentModelID)
    }
}
