import Foundation
import SwiftData
import Testing

// The FetchDescriptor and ModelContext options apps set to fetch less, or fetch ahead:
// propertiesToFetch, relationshipKeyPathsForPrefetching, includePendingChanges, paging,
// and enumerate's allowEscapingMutations.

@Suite("FetchDescriptor options")
struct FetchDescriptorOptionsTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "FetchOptions-\(UUID().uuidString)")

    /// A store of five expeditions, "Expedition 0"…"Expedition 4", each with two waypoints, and three
    /// travellers with e-mail addresses.
    private func container() throws -> ModelContainer {
        let container = try ModelContainer(
            for: Expedition.self, Waypoint.self, Traveller.self,
            configurations: ModelConfiguration(url: folder.appending(path: "expeditions.store")))
        let context = ModelContext(container)
        for index in 0..<5 {
            let expedition = Expedition(title: "Expedition \(index)")
            expedition.waypoints = [Waypoint(from: "A\(index)"), Waypoint(from: "B\(index)")]
            context.insert(expedition)
        }
        for name in ["Ada", "Grace", "Barbara"] {
            context.insert(Traveller(name: name, email: "\(name.lowercased())@example.com"))
        }
        try context.save()
        return container
    }

    @Test("propertiesToFetch: the other properties are read from the store when first used")
    func propertiesToFetch() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container()
        var namesOnly = FetchDescriptor<Traveller>(sortBy: [SortDescriptor(\.name)])
        namesOnly.propertiesToFetch = [\.name]
        let reader = ModelContext(container)
        let travellers = try reader.fetch(namesOnly)
        #expect(travellers.map(\.name) == ["Ada", "Barbara", "Grace"])

        // Changed by another context after the fetch: the e-mail, not fetched, is read
        // now, and shows the change.
        let writer = ModelContext(container)
        for traveller in try writer.fetch(FetchDescriptor<Traveller>()) {
            traveller.email = traveller.name + "@example.org"
        }
        try writer.save()
        #expect(travellers.map(\.email) == ["Ada@example.org", "Barbara@example.org", "Grace@example.org"])

        // Saving a traveller of a partial fetch writes what changed and nothing else.
        travellers[0].name = "Ada Lovelace"
        try reader.save()
        let stored = try ModelContext(container).fetch(FetchDescriptor<Traveller>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.name) == ["Ada Lovelace", "Barbara", "Grace"])
        #expect(stored.first?.email == "Ada@example.org")
    }

    @Test("propertiesToFetch and prefetching over a @Model class whose subclasses' models come back too")
    func partialFetchOfSubclasses() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try ModelContainer(
            for: Journey.self, BusinessJourney.self, Leg.self,
            configurations: ModelConfiguration(url: folder.appending(path: "journeys.store")))
        let context = ModelContext(container)
        let fair = BusinessJourney(name: "Fair", destination: "Frankfurt", perdiem: 80)
        fair.legs = [Leg(from: "Paris")]
        context.insert(fair)
        context.insert(Journey(name: "Walk", destination: "Park"))
        try context.save()

        var namesOnly = FetchDescriptor<Journey>(sortBy: [SortDescriptor(\.name)])
        namesOnly.propertiesToFetch = [\.name]
        namesOnly.relationshipKeyPathsForPrefetching = [\.legs]
        let reader = ModelContext(container)
        let journeys = try reader.fetch(namesOnly)
        let writer = ModelContext(container)
        for journey in try writer.fetch(FetchDescriptor<Journey>()) {
            journey.destination += " (moved)"
            journey.legs = []
        }
        try writer.save()
        #expect(journeys.map(\.name) == ["Fair", "Walk"])
        #expect(journeys.map(\.destination) == ["Frankfurt (moved)", "Park (moved)"], "read when first used")
        #expect((journeys[0] as? BusinessJourney)?.perdiem == 80)
        #expect(journeys.map(\.legs.count) == [1, 0], "read with the fetch")
    }

    @Test("relationshipKeyPathsForPrefetching: the relationships are read with the fetch")
    func prefetching() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container()
        var withWaypoints = FetchDescriptor<Expedition>(sortBy: [SortDescriptor(\.title)])
        withWaypoints.relationshipKeyPathsForPrefetching = [\.waypoints]
        let reader = ModelContext(container)
        let expeditions = try reader.fetch(withWaypoints)

        // Waypoints deleted by another context after the fetch: the expeditions read theirs
        // with the fetch, before the delete.
        let writer = ModelContext(container)
        try writer.delete(model: Waypoint.self)
        try writer.save()
        #expect(expeditions.map(\.waypoints.count) == [2, 2, 2, 2, 2])
        #expect(try reader.fetchCount(FetchDescriptor<Waypoint>()) == 0)
    }

    @Test("includePendingChanges = false leaves unsaved inserts, changes and deletes out")
    func includePendingChanges() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container()
        let context = ModelContext(container)
        context.insert(Traveller(name: "Edsger"))
        let ada = try #require(
            try context.fetch(FetchDescriptor<Traveller>(predicate: #Predicate { $0.name == "Ada" })).first)
        ada.name = "Augusta"
        var stored = FetchDescriptor<Traveller>(sortBy: [SortDescriptor(\.name)])
        stored.includePendingChanges = false
        #expect(try context.fetch(stored).count == 3)
        #expect(try context.fetchCount(stored) == 3)
        var byStoredName = FetchDescriptor<Traveller>(predicate: #Predicate { $0.name == "Ada" })
        byStoredName.includePendingChanges = false
        #expect(try context.fetch(byStoredName).first === ada)
        byStoredName.includePendingChanges = true
        #expect(try context.fetch(byStoredName).isEmpty)
    }

    @Test("fetchOffset with fetchLimit reads one page")
    func paging() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container()
        var page = FetchDescriptor<Expedition>(sortBy: [SortDescriptor(\.title, order: .reverse)])
        page.fetchOffset = 1
        page.fetchLimit = 2
        let context = ModelContext(container)
        #expect(try context.fetch(page).map(\.title) == ["Expedition 3", "Expedition 2"])
        #expect(try context.fetchCount(page) == 2)
        var titles: [String] = []
        try context.enumerate(page) { titles.append($0.title) }
        #expect(titles == ["Expedition 3", "Expedition 2"])
    }

    @Test("enumerate: a block that saves its changes, and allowEscapingMutations for one that does not")
    func enumerateMutations() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container()
        let context = ModelContext(container)
        try context.enumerate(FetchDescriptor<Traveller>(), batchSize: 2) { traveller in
            traveller.email = nil
            try context.save()
        }
        #expect(throws: SwiftDataError.self) {
            try context.enumerate(FetchDescriptor<Traveller>(), batchSize: 2) { $0.email = "x@example.com" }
        }
        context.rollback()
        try context.enumerate(FetchDescriptor<Traveller>(), batchSize: 2, allowEscapingMutations: true) {
            $0.email = "y@example.com"
        }
        try context.save()
        let emails = try ModelContext(container).fetch(FetchDescriptor<Traveller>()).map(\.email)
        #expect(emails == ["y@example.com", "y@example.com", "y@example.com"])
    }
}
