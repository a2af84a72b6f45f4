import Foundation
import SwiftData
import Testing

// Several configurations in one container, as WWDC's "Dive deeper into SwiftData" sets
// them up: trips in one store, people in another, one container and one context for both.

@Model
final class Expedition {
    var title: String
    @Relationship(deleteRule: .cascade, inverse: \Waypoint.expedition) var waypoints: [Waypoint] = []
    init(title: String) { self.title = title }
}

@Model
final class Waypoint {
    var from: String
    var expedition: Expedition?
    init(from: String) { self.from = from }
}

@Model
final class Traveller {
    var name: String
    var email: String?
    init(name: String, email: String? = nil) {
        self.name = name
        self.email = email
    }
}

@Model
final class Preference {
    var key: String
    var value: String
    init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

@Suite("Several configurations in one container")
struct SeveralConfigurationsTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "Configurations-\(UUID().uuidString)")

    private var expeditionsURL: URL { folder.appending(path: "expeditions.store") }
    private var travellersURL: URL { folder.appending(path: "travellers.store") }
    private var fullSchema: Schema { Schema([Expedition.self, Waypoint.self, Traveller.self]) }

    private func configurations(allowsSavingTravellers: Bool = true) -> [ModelConfiguration] {
        [
            ModelConfiguration("Expeditions", schema: Schema([Expedition.self, Waypoint.self]), url: expeditionsURL),
            ModelConfiguration(
                "Travellers", schema: Schema([Traveller.self]), url: travellersURL,
                allowsSave: allowsSavingTravellers),
        ]
    }

    private func removeFolder() { try? FileManager.default.removeItem(at: folder) }

    @Test("each configuration is a store file of its own; one context reads and saves both")
    func twoStores() throws {
        defer { removeFolder() }
        let container = try ModelContainer(for: fullSchema, configurations: configurations())
        #expect(Set(container.configurations.map(\.name)) == ["Expeditions", "Travellers"])
        let configurations: Set<ModelConfiguration> = container.configurations
        #expect(configurations.count == 2)
        let context = ModelContext(container)
        let lisbon = Expedition(title: "Lisbon")
        lisbon.waypoints = [Waypoint(from: "Paris"), Waypoint(from: "Madrid")]
        context.insert(lisbon)
        context.insert(Traveller(name: "Ada", email: "ada@example.com"))
        try context.save()
        #expect(FileManager.default.fileExists(atPath: expeditionsURL.path))
        #expect(FileManager.default.fileExists(atPath: travellersURL.path))

        let other = ModelContext(container)
        let expeditions = try other.fetch(FetchDescriptor<Expedition>())
        #expect(expeditions.map(\.title) == ["Lisbon"])
        #expect(Set(expeditions.first?.waypoints.map(\.from) ?? []) == ["Paris", "Madrid"])
        let ada = try #require(
            try other.fetch(FetchDescriptor<Traveller>(predicate: #Predicate { $0.name == "Ada" })).first)
        #expect(ada.email == "ada@example.com")
        #expect(try other.fetchCount(FetchDescriptor<Waypoint>()) == 2)
        #expect(ada.persistentModelID.storeIdentifier != expeditions[0].persistentModelID.storeIdentifier)
        #expect(other.model(for: ada.persistentModelID) === ada)

        // Each file holds its own models: the travellers' store opens alone, with its
        // traveller and nothing of the expeditions.
        let travellersOnly = try ModelContainer(
            for: Traveller.self, configurations: ModelConfiguration(url: travellersURL))
        #expect(try ModelContext(travellersOnly).fetch(FetchDescriptor<Traveller>()).map(\.name) == ["Ada"])
        #expect(travellersOnly.migrationReport == nil)
    }

    @Test("a change and a delete in each store are saved together, and erase() empties every store")
    func changesAndErase() throws {
        defer { removeFolder() }
        let container = try ModelContainer(for: fullSchema, configurations: configurations())
        let context = ModelContext(container)
        let expedition = Expedition(title: "Rome")
        let traveller = Traveller(name: "Grace")
        context.insert(expedition)
        context.insert(traveller)
        context.insert(Traveller(name: "Linus"))
        try context.save()
        expedition.title = "Rome and Naples"
        traveller.email = "grace@example.com"
        try context.delete(model: Traveller.self, where: #Predicate { $0.name == "Linus" })
        try context.save()

        let fresh = ModelContext(container)
        #expect(try fresh.fetch(FetchDescriptor<Expedition>()).map(\.title) == ["Rome and Naples"])
        #expect(try fresh.fetch(FetchDescriptor<Traveller>()).map(\.email) == ["grace@example.com"])

        try container.erase()
        #expect(try fresh.fetchCount(FetchDescriptor<Expedition>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Traveller>()) == 0)
    }

    @Test("a model no configuration lists goes to the first configuration without a schema")
    func catchAllConfiguration() throws {
        defer { removeFolder() }
        let preferencesURL = folder.appending(path: "everything-else.store")
        let container = try ModelContainer(
            for: Schema([Expedition.self, Waypoint.self, Traveller.self, Preference.self]),
            configurations: configurations() + [ModelConfiguration(url: preferencesURL)])
        let context = ModelContext(container)
        context.insert(Preference(key: "theme", value: "dark"))
        try context.save()
        let alone = try ModelContainer(for: Preference.self, configurations: ModelConfiguration(url: preferencesURL))
        #expect(try ModelContext(alone).fetch(FetchDescriptor<Preference>()).map(\.value) == ["dark"])
    }

    @Test("a model no configuration can take is an error that names it")
    func unassignedModel() throws {
        defer { removeFolder() }
        #expect {
            try ModelContainer(
                for: Schema([Expedition.self, Waypoint.self, Traveller.self, Preference.self]),
                configurations: configurations())
        } throws: { error in
            error as? SwiftDataError == .loadIssueModelContainer && "\(error)".contains("Model Preference")
        }
        #expect(!FileManager.default.fileExists(atPath: expeditionsURL.path), "nothing is created")
    }

    @Test("a relationship between the models of two stores is refused when the container is created")
    func relationshipAcrossStores() throws {
        defer { removeFolder() }
        let split = [
            ModelConfiguration(schema: Schema([Expedition.self]), url: expeditionsURL),
            ModelConfiguration(schema: Schema([Waypoint.self]), url: travellersURL),
        ]
        #expect {
            try ModelContainer(for: Schema([Expedition.self, Waypoint.self]), configurations: split)
        } throws: { error in
            let message = "\(error)"
            return error as? SwiftDataError == .loadIssueModelContainer
                && message.contains("Waypoint.expedition refers to Expedition")
                && message.contains("relationships between stores are not supported")
        }
    }

    @Test("a @Model subclass is stored with its superclass, and fetched through it, in its configuration's store")
    func inheritance() throws {
        defer { removeFolder() }
        let schema = Schema([Journey.self, BusinessJourney.self, Leg.self, Traveller.self])
        let container = try ModelContainer(
            for: schema,
            configurations: [
                ModelConfiguration(schema: Schema([BusinessJourney.self, Journey.self]), url: expeditionsURL),
                ModelConfiguration(schema: Schema([Traveller.self]), url: travellersURL),
            ])
        let context = ModelContext(container)
        context.insert(BusinessJourney(name: "Fair", destination: "Frankfurt", perdiem: 80))
        context.insert(Traveller(name: "Ada"))
        try context.save()
        let journeys = try ModelContext(container).fetch(FetchDescriptor<Journey>())
        #expect(journeys.map { ($0 as? BusinessJourney)?.perdiem } == [80])

        #expect {
            try ModelContainer(
                for: schema,
                configurations: [
                    ModelConfiguration(schema: Schema([Journey.self]), url: expeditionsURL),
                    ModelConfiguration(url: travellersURL),
                ])
        } throws: { error in
            "\(error)".contains("BusinessJourney") && "\(error)".contains("inherits from Journey")
        }
    }

    @Test("a configuration that lists a model the container's schema lacks, and two configurations on one file")
    func configurationErrors() throws {
        defer { removeFolder() }
        #expect {
            try ModelContainer(
                for: Schema([Traveller.self]),
                configurations: [ModelConfiguration(schema: Schema([Preference.self]), url: travellersURL)])
        } throws: { error in
            error as? SwiftDataError == .configurationSchemaNotFoundInContainerSchema
        }
        #expect {
            try ModelContainer(
                for: fullSchema,
                configurations: [
                    ModelConfiguration(schema: Schema([Expedition.self, Waypoint.self]), url: expeditionsURL),
                    ModelConfiguration(schema: Schema([Traveller.self]), url: expeditionsURL),
                ])
        } throws: { error in
            error as? SwiftDataError == .duplicateConfiguration
        }
    }

    @Test("a read-only configuration refuses a save that touches it, and the other store's changes stay unsaved")
    func readOnlyStore() throws {
        defer { removeFolder() }
        _ = try ModelContainer(for: fullSchema, configurations: configurations())
        let container = try ModelContainer(
            for: fullSchema, configurations: configurations(allowsSavingTravellers: false))
        let context = ModelContext(container)
        context.insert(Expedition(title: "Oslo"))
        context.insert(Traveller(name: "Edsger"))
        #expect(throws: SwiftDataError.modelValidationFailure) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Expedition>()) == 0)
        context.rollback()
        context.insert(Expedition(title: "Oslo"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Expedition>()) == 1)
    }

    @Test("CloudKit's rules are checked for the configurations that use CloudKit, on their own models")
    func cloudKitPerConfiguration() throws {
        defer { removeFolder() }
        let synced = [
            ModelConfiguration(
                schema: Schema([Expedition.self, Waypoint.self]), url: expeditionsURL, cloudKitDatabase: .none),
            ModelConfiguration(
                schema: Schema([Traveller.self]), url: travellersURL, cloudKitDatabase: .private("iCloud.example")),
        ]
        #expect {
            try ModelContainer(for: fullSchema, configurations: synced)
        } throws: { error in
            let message = "\(error)"
            return message.contains("Traveller.name must be optional") && !message.contains("Expedition")
        }
    }

    @Test("history reads every store's saves, and a token selects what came after it in each store")
    func history() throws {
        defer { removeFolder() }
        let container = try ModelContainer(for: fullSchema, configurations: configurations())
        let context = ModelContext(container)
        context.insert(Expedition(title: "Kyoto"))
        context.insert(Traveller(name: "Barbara"))
        try context.save()
        let first = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(first.count == 2, "one transaction per store")
        let seen = try #require(first.last?.token)

        context.insert(Traveller(name: "Margaret"))
        try context.save()
        context.insert(Expedition(title: "Osaka"))
        try context.save()
        var after = HistoryDescriptor<DefaultHistoryTransaction>()
        after.predicate = #Predicate { $0.token > seen }
        let newer = try context.fetchHistory(after)
        #expect(newer.count == 2)
        let inserted = newer.flatMap(\.changes).map(\.changedPersistentIdentifier.entityName)
        #expect(inserted == ["Traveller", "Expedition"])

        var old = HistoryDescriptor<DefaultHistoryTransaction>()
        old.predicate = #Predicate { $0.token <= seen }
        try context.deleteHistory(old)
        #expect(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count == 2)
    }
}
