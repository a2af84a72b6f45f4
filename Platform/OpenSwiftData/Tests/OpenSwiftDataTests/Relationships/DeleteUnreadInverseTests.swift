import Foundation
import Testing

@testable import OpenSwiftData

/// A delete takes the model out of its related models' inverse lists whether or not the
/// context has read those lists: the related model is changed either way, as Core Data,
/// under SwiftData on Apple's platforms, marks a model updated when a delete's rule changes
/// one of its relationships.
@Suite("A delete changes the inverse list it leaves, read or not")
struct DeleteUnreadInverseTests {
    /// A saved trip with two stops, and a context holding the trip (its stops not read) and
    /// the stop "a", in which another trip is deleted: a read of a relationship leaves out
    /// the models the context deleted, and with none deleted yet it looks at none.
    private func tripAndStop(_ folder: TemporaryFolder) throws -> (ModelContext, Trip, Stop) {
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let seeding = ModelContext(container)
        let trip = Trip(name: "Tour")
        seeding.insert(trip)
        trip.stops = [Stop(title: "a"), Stop(title: "b")]
        seeding.insert(Trip(name: "Other"))
        try seeding.save()
        let context = ModelContext(container)
        let tour = try #require(
            try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Tour" })).first)
        let stop = try #require(
            try context.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.title == "a" })).first)
        context.delete(
            try #require(try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Other" })).first))
        return (context, tour, stop)
    }

    @Test("the trip whose stops were not read is changed by its stop's delete, as one whose stops were")
    func relatedModelIsChanged() throws {
        let folder = TemporaryFolder()
        let (context, tour, stop) = try tripAndStop(folder)
        context.delete(stop)
        #expect(tour.hasChanges)
        #expect(context.changedModelsArray.contains { $0 as? Trip === tour })
        #expect(tour.stops.map(\.title) == ["b"])
    }

    @Test("a trip whose tags were not read is changed by the delete of one of its tags")
    func manyToManyOwnerIsChanged() throws {
        let folder = TemporaryFolder()
        let (context, tour, _) = try tripAndStop(folder)
        let food = Tag(label: "food")
        let seeding = ModelContext(context.container)
        try #require(try seeding.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Tour" })).first).tags =
            [
                food, Tag(label: "art"),
            ]
        try seeding.save()
        let tag = try #require(
            try context.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.label == "food" })).first)
        #expect(!tour.hasChanges)
        context.delete(tag)
        #expect(tour.hasChanges)
        #expect(tour.tags.map(\.label) == ["art"])
    }

    @Test("a trip changed so keeps what it shows when another context's save is fetched")
    func fetchKeepsChangedModel() throws {
        let folder = TemporaryFolder()
        let (context, tour, stop) = try tripAndStop(folder)
        context.delete(stop)
        let other = ModelContext(context.container)
        try #require(try other.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Tour" })).first).budget =
            90
        try other.save()
        _ = try context.fetch(FetchDescriptor<Trip>())
        #expect(tour.budget == 0)
        #expect(tour.hasChanges)
    }

    @Test("an undo of the delete puts the stop back in the trip's stops, and a rollback too")
    func undoAndRollbackPutTheStopBack() throws {
        let folder = TemporaryFolder()
        let (context, tour, stop) = try tripAndStop(folder)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        context.delete(stop)
        context.processPendingChanges()
        undoManager.undo()
        #expect(Set(tour.stops.map(\.title)) == ["a", "b"])
        #expect(tour.hasChanges)
        context.delete(stop)
        context.rollback()
        #expect(Set(tour.stops.map(\.title)) == ["a", "b"])
        #expect(!tour.hasChanges)
    }
}
