import Foundation
import Observation
import SwiftData
import Synchronization
import Testing

// Model inheritance as SwiftData has it: a `@Model` class and `@Model` subclasses of it,
// each its own entity; fetching the class returns models of the subclasses too.

@Model
class Journey {
    var name: String
    var destination: String
    @Relationship(deleteRule: .cascade, inverse: \Leg.journey) var legs: [Leg] = []

    init(name: String, destination: String) {
        self.name = name
        self.destination = destination
    }
}

@Model
final class BusinessJourney: Journey {
    var perdiem: Double = 0
    var client: String?

    init(name: String, destination: String, perdiem: Double, client: String? = nil) {
        self.perdiem = perdiem
        self.client = client
        super.init(name: name, destination: destination)
    }
}

@Model
final class PersonalJourney: Journey {
    enum Reason: String, Codable {
        case family, vacation
    }

    var reason: Reason = Reason.vacation
    var startedAt = Date(timeIntervalSinceReferenceDate: 0)

    init(name: String, destination: String, reason: Reason) {
        self.reason = reason
        super.init(name: name, destination: destination)
    }
}

@Model
final class Leg {
    var from: String
    var journey: Journey?

    init(from: String) {
        self.from = from
    }
}

@Suite("Model inheritance")
struct InheritanceTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "InheritanceTests-\(UUID().uuidString)")

    func makeContainer() throws -> ModelContainer {
        let configuration = ModelConfiguration(url: folder.appending(path: "journeys.store"))
        return try ModelContainer(
            for: Journey.self, BusinessJourney.self, PersonalJourney.self, configurations: configuration)
    }

    func seed(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        let plain = Journey(name: "Alps", destination: "Zermatt")
        plain.legs = [Leg(from: "Geneva")]
        context.insert(plain)
        let business = BusinessJourney(name: "Audit", destination: "Berlin", perdiem: 180, client: "ACME")
        business.legs = [Leg(from: "London"), Leg(from: "Paris")]
        context.insert(business)
        context.insert(BusinessJourney(name: "Board", destination: "Oslo", perdiem: 90))
        context.insert(PersonalJourney(name: "Aunt", destination: "Porto", reason: .family))
        try context.save()
    }

    @Test("fetching the class returns every model, each of its own class with its own properties")
    func polymorphicFetch() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try makeContainer()
        try seed(container)
        let context = ModelContext(container)
        let journeys = try context.fetch(FetchDescriptor<Journey>(sortBy: [SortDescriptor(\.name)]))
        #expect(journeys.map(\.name) == ["Alps", "Audit", "Aunt", "Board"])
        #expect(type(of: journeys[0]) == Journey.self)
        let audit = try #require(journeys[1] as? BusinessJourney)
        #expect(audit.perdiem == 180)
        #expect(audit.client == "ACME")
        #expect(audit.destination == "Berlin")
        #expect(audit.legs.map(\.from).sorted() == ["London", "Paris"])
        let aunt = try #require(journeys[2] as? PersonalJourney)
        #expect(aunt.reason == .family)
        #expect(aunt.startedAt == Date(timeIntervalSinceReferenceDate: 0))
        #expect(journeys[3] is BusinessJourney)
        #expect(try context.fetchCount(FetchDescriptor<Journey>()) == 4)
        #expect(try context.fetchCount(FetchDescriptor<BusinessJourney>()) == 2)
        // One model per row: fetched through the subclass, the same instance.
        let businesses = try context.fetch(FetchDescriptor<BusinessJourney>(sortBy: [SortDescriptor(\.name)]))
        #expect(businesses.first === audit)
        // A relationship to the class holds models of the subclasses.
        let legs = try context.fetch(FetchDescriptor<Leg>(predicate: #Predicate { $0.from == "Paris" }))
        #expect(legs.first?.journey === audit)
    }

    @Test("a predicate on a subclass's own and inherited properties, and `is` and `as?` on the class, run in SQL")
    func predicates() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try makeContainer()
        try seed(container)
        let context = ModelContext(container)
        let rich = try context.fetch(
            FetchDescriptor<BusinessJourney>(predicate: #Predicate { $0.perdiem > 100 && $0.name.starts(with: "A") }))
        #expect(rich.map(\.name) == ["Audit"])
        let business = try context.fetch(
            FetchDescriptor<Journey>(predicate: #Predicate { $0 is BusinessJourney }, sortBy: [SortDescriptor(\.name)]))
        #expect(business.map(\.name) == ["Audit", "Board"])
        let cheap = try context.fetch(
            FetchDescriptor<Journey>(
                predicate: #Predicate { journey in
                    if let trip = journey as? BusinessJourney { trip.perdiem < 100 } else { false }
                }))
        #expect(cheap.map(\.name) == ["Board"])
        let notCheap = try context.fetch(
            FetchDescriptor<Journey>(
                predicate: #Predicate { journey in
                    if let trip = journey as? BusinessJourney { trip.perdiem >= 100 } else { true }
                }, sortBy: [SortDescriptor(\.name)]))
        #expect(notCheap.map(\.name) == ["Alps", "Audit", "Aunt"])
    }

    @Test(
        "changes to inherited and own properties of a subclass are saved; a new subclass model starts with its defaults"
    )
    func updates() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try makeContainer()
        try seed(container)
        let context = ModelContext(container)
        let board = try #require(
            try context.fetch(FetchDescriptor<BusinessJourney>(predicate: #Predicate { $0.name == "Board" })).first)
        board.perdiem = 95
        board.destination = "Bergen"
        board.legs.append(Leg(from: "Oslo"))
        let defaulted = BusinessJourney(name: "Zero", destination: "Nowhere", perdiem: 0)
        #expect(defaulted.perdiem == 0)
        #expect(defaulted.client == nil)
        context.insert(defaulted)
        try context.save()

        let fresh = ModelContext(container)
        let saved = try #require(
            try fresh.fetch(FetchDescriptor<BusinessJourney>(predicate: #Predicate { $0.name == "Board" })).first)
        #expect(saved.perdiem == 95)
        #expect(saved.destination == "Bergen")
        #expect(saved.legs.map(\.from) == ["Oslo"])
        #expect(try fresh.fetchCount(FetchDescriptor<BusinessJourney>()) == 3)
    }

    @Test("delete(model:where:includeSubclasses:) deletes the subclasses' models only when asked")
    func deleteWithAndWithoutSubclasses() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try makeContainer()
        try seed(container)
        let context = ModelContext(container)
        try context.delete(
            model: Journey.self, where: #Predicate { $0.name.starts(with: "A") }, includeSubclasses: false)
        try context.save()
        #expect(
            try ModelContext(container).fetch(FetchDescriptor<Journey>()).map(\.name).sorted() == [
                "Audit", "Aunt", "Board",
            ])
        try context.delete(model: Journey.self, where: #Predicate { $0.name.starts(with: "A") })
        try context.save()
        let left = try ModelContext(container).fetch(FetchDescriptor<Journey>())
        #expect(left.map(\.name) == ["Board"])
        // Deleting a subclass's model removes its legs (cascade) and its row in every table.
        #expect(try ModelContext(container).fetch(FetchDescriptor<Leg>()).isEmpty)
    }

    @Test(
        "a container for a subclass alone has its superclass too, and its history and observation see subclass models")
    func subclassAlone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try ModelContainer(
            for: BusinessJourney.self,
            configurations: ModelConfiguration(url: folder.appending(path: "business.store")))
        #expect(container.schema.entitiesByName["Journey"] != nil)
        let context = ModelContext(container)
        let audit = BusinessJourney(name: "Audit", destination: "Berlin", perdiem: 180)
        context.insert(audit)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Journey>()).map(\.name) == ["Audit"])

        let changed = Mutex(false)
        withObservationTracking {
            _ = audit.perdiem
        } onChange: {
            changed.withLock { $0 = true }
        }
        audit.perdiem = 200
        #expect(changed.withLock { $0 })
        try context.save()

        let last = try #require(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        guard case .update(let update as DefaultHistoryUpdate<BusinessJourney>) = try #require(last.changes.first)
        else {
            Issue.record("the last save is not an update of a business journey")
            return
        }
        #expect(update.updatedAttributes == [\BusinessJourney.perdiem])
        #expect(update.changedPersistentIdentifier == audit.persistentModelID)
    }
}

// A lightweight migration that adds a subclass: the stored models stay, the new
// subclass's models are stored beside them.

enum TravelSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Voyage.self]

    @Model
    class Voyage {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum TravelSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Voyage.self, Cruise.self]

    @Model
    class Voyage {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Cruise: Voyage {
        var ship: String = ""
        init(name: String, ship: String) {
            self.ship = ship
            super.init(name: name)
        }
    }
}

enum TravelMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TravelSchemaV1.self, TravelSchemaV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: TravelSchemaV1.self, toVersion: TravelSchemaV2.self)
    ]
}

@Suite("Model inheritance: migration")
struct InheritanceMigrationTests {
    @Test("a lightweight migration adds a subclass; the stored models stay")
    func addSubclass() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "InheritanceTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "travel.store")
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: TravelSchemaV1.self), configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(TravelSchemaV1.Voyage(name: "Crossing"))
            try context.save()
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: TravelSchemaV2.self), migrationPlan: TravelMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        context.insert(TravelSchemaV2.Cruise(name: "Fjords", ship: "Nordlys"))
        try context.save()
        let voyages = try ModelContext(container).fetch(
            FetchDescriptor<TravelSchemaV2.Voyage>(sortBy: [SortDescriptor(\.name)]))
        #expect(voyages.map(\.name) == ["Crossing", "Fjords"])
        #expect((voyages[1] as? TravelSchemaV2.Cruise)?.ship == "Nordlys")
        #expect(type(of: voyages[0]) == TravelSchemaV2.Voyage.self)
    }
}
