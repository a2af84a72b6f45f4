import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@Model
class Traveller {
    @Attribute(.unique) var handle: String
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Bag.owner) var bags: [Bag] = []
    @Relationship(inverse: \Agency.clients) var agencies: [Agency] = []
    var guide: Traveller?
    @Relationship(deleteRule: .nullify, inverse: \Traveller.guide) var guided: [Traveller] = []

    init(handle: String, name: String) {
        self.handle = handle
        self.name = name
    }
}

@Model
final class Agent: Traveller {
    @Attribute(.unique) var badge: Int = 0
    var commission: Double = 0
    @Relationship(deleteRule: .nullify, inverse: \Agency.manager) var managed: [Agency] = []

    init(handle: String, name: String, badge: Int) {
        self.badge = badge
        super.init(handle: handle, name: name)
    }
}

@Model
final class Bag {
    var label: String
    var owner: Traveller?

    init(label: String) { self.label = label }
}

@Model
final class Agency {
    var name: String
    var manager: Agent?
    var clients: [Traveller] = []

    init(name: String) { self.name = name }
}

/// `@Model` subclasses on the PostgreSQL store: a hierarchy shares one table, a fetch of a
/// class gives its subclasses' models as their own class, and relationships to the root class
/// hold models of either. SwiftData's rules (a fetch of a superclass includes subclass
/// instances, WWDC25 "SwiftData: Dive into inheritance and schema migration"; an upsert of
/// another class's row is refused) are checked on the SQLite store, which the same saves
/// and reads must match.
@Suite("PostgreSQL store: model subclasses")
struct PostgresSubclassTests {
    private static let models: [any PersistentModel.Type] = [Traveller.self, Agent.self, Bag.self, Agency.self]

    /// Travellers and agents, their bags, an agency managed by an agent with both as clients,
    /// a guide of each class; then a change of each class, and a deletion that cascades.
    private static func edit(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        let (ana, ben) = (Traveller(handle: "ana", name: "Ana"), Traveller(handle: "ben", name: "Ben"))
        let (cy, dee) = (Agent(handle: "cy", name: "Cy", badge: 7), Agent(handle: "dee", name: "Dee", badge: 9))
        let agency = Agency(name: "Compass")
        for model in [ana, ben, cy, dee, agency] as [any PersistentModel] { context.insert(model) }
        for (owner, label) in [(ana, "red"), (cy, "blue"), (cy, "green"), (dee, "grey")] as [(Traveller, String)] {
            let bag = Bag(label: label)
            context.insert(bag)
            bag.owner = owner
        }
        agency.manager = cy
        agency.clients = [ana, dee]
        ana.guide = cy
        ben.guide = ana
        try context.save()

        let second = ModelContext(container)
        for agent in try second.fetch(FetchDescriptor<Agent>(predicate: #Predicate { $0.badge == 9 })) {
            agent.commission = 0.1
            agent.name = "Dee D."
        }
        for traveller in try second.fetch(FetchDescriptor<Traveller>(predicate: #Predicate { $0.handle == "ben" })) {
            second.delete(traveller)
        }
        try second.save()
    }

    /// What a person reads of every class, from a new context: each model's class, values and
    /// relationships.
    private static func describe(_ container: ModelContainer) throws -> [String] {
        let context = ModelContext(container)
        let travellers = try context.fetch(FetchDescriptor<Traveller>(sortBy: [SortDescriptor(\.handle)])).map {
            traveller in
            let kind = (traveller as? Agent).map { "Agent \($0.badge) \($0.commission) \($0.managed.map(\.name))" }
            return
                "\(traveller.handle) \(traveller.name) \(kind ?? "Traveller") bags \(traveller.bags.map(\.label).sorted()) "
                + "agencies \(traveller.agencies.map(\.name)) guide \(traveller.guide.map { "\($0.handle) \(type(of: $0))" } ?? "-") "
                + "guided \(traveller.guided.map(\.handle).sorted())"
        }
        let agents = try context.fetch(FetchDescriptor<Agent>(sortBy: [SortDescriptor(\.badge)])).map {
            "agent \($0.handle)"
        }
        let bags = try context.fetch(FetchDescriptor<Bag>(sortBy: [SortDescriptor(\.label)])).map {
            "bag \($0.label) of \($0.owner.map { "\($0.handle) \(type(of: $0))" } ?? "-")"
        }
        let agencies = try context.fetch(FetchDescriptor<Agency>()).map {
            "\($0.name) manager \($0.manager?.handle ?? "-") clients \($0.clients.map { "\($0.handle) \(type(of: $0))" }.sorted())"
        }
        let counts = [
            "travellers \(try context.fetchCount(FetchDescriptor<Traveller>()))",
            "agents \(try context.fetchCount(FetchDescriptor<Agent>()))",
            "identifiers \(try context.fetchIdentifiers(FetchDescriptor<Traveller>()).map(\.entityName).sorted())",
        ]
        return travellers + agents + bags + agencies + counts
    }

    @Test("a hierarchy's models read back as their own classes, with their relationships, as on the SQLite store")
    func asOnSQLite() async throws {
        let url = try await TestPostgres.newDatabase()
        let configuration = PostgresStoreConfiguration(url: try #require(URL(string: url)))
        try Self.edit(try ModelContainer(for: Schema(Self.models), configurations: configuration))
        let folder = TemporaryFolder(prefix: "PostgresSubclass")
        let sqlite = ModelConfiguration(url: folder.file("travel.sqlite"))
        try Self.edit(try ModelContainer(for: Schema(Self.models), configurations: sqlite))

        let read = try Self.describe(try ModelContainer(for: Schema(Self.models), configurations: configuration))
        let oracle = try Self.describe(try ModelContainer(for: Schema(Self.models), configurations: sqlite))
        #expect(read == oracle)
        #expect(
            read.contains(#"cy Cy Agent 7 0.0 ["Compass"] bags ["blue", "green"] agencies [] guide - guided ["ana"]"#))
        #expect(read.contains(#"bag grey of dee Agent"#))
        #expect(read.contains("agents 2"))
        #expect(read.contains(#"identifiers ["Agent", "Agent", "Traveller"]"#))
        // One table holds the hierarchy, each row naming its class.
        let classes = try await TestPostgres.execute(
            #"SELECT _entity, count(*)::int8 FROM "default"."Traveller" GROUP BY _entity ORDER BY _entity"#, on: url)
        var byClass: [String: Int] = [:]
        for row in classes {
            let (entity, count) = try row.decode((String, Int).self)
            byClass[entity] = count
        }
        #expect(byClass == ["Agent": 2, "Traveller": 1])
    }

    @Test("a predicate on a subclass's attribute and on an inherited one, and an identifier of either class")
    func predicates() async throws {
        let url = try await TestPostgres.newDatabase()
        let container = try ModelContainer(
            for: Schema(Self.models), configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        try Self.edit(container)
        let context = ModelContext(container)
        let named = try context.fetch(FetchDescriptor<Agent>(predicate: #Predicate { $0.name == "Cy" }))
        #expect(named.map(\.handle) == ["cy"])
        let cy = try #require(named.first)
        let id = cy.persistentModelID
        let byIdentifier = try context.fetch(
            FetchDescriptor<Traveller>(predicate: #Predicate { $0.persistentModelID == id }))
        #expect(byIdentifier.count == 1)
        #expect(byIdentifier.first === cy)
        #expect(try context.fetchCount(FetchDescriptor<Agent>(predicate: #Predicate { $0.badge > 7 })) == 1)
    }

    @Test(
        "an upsert updates a row of its own class; a new model with another class's unique value is refused, nothing written"
    )
    func upsertsWithinAClass() async throws {
        let url = try await TestPostgres.newDatabase()
        let folder = TemporaryFolder(prefix: "PostgresSubclassUpsert")
        let configurations: [any DataStoreConfiguration] = [
            PostgresStoreConfiguration(url: try #require(URL(string: url))),
            ModelConfiguration(url: folder.file("travel.sqlite")),
        ]
        var outcomes: [[String]] = []
        for configuration in configurations {
            let container = try ModelContainer(for: Schema(Self.models), configurations: configuration)
            try Self.edit(container)
            let context = ModelContext(container)
            context.insert(Agent(handle: "cy", name: "Cy again", badge: 70))
            try context.save()
            let refused = ModelContext(container)
            refused.insert(Traveller(handle: "dee", name: "Dee as a traveller"))
            refused.insert(Bag(label: "never"))
            var error: SwiftDataError?
            do { try refused.save() } catch let thrown as SwiftDataError { error = thrown }
            #expect(error == .modelValidationFailure)
            if case .uniqueValueOfAnotherClass(let entity, let properties, let stored)? = error?.cause {
                #expect([entity, stored] == ["Traveller", "Agent"])
                #expect(properties == ["handle"])
            } else {
                Issue.record("expected uniqueValueOfAnotherClass, got \(String(describing: error))")
            }
            outcomes.append(try Self.describe(container))
        }
        #expect(outcomes[0] == outcomes[1])
        #expect(outcomes[0].contains { $0.hasPrefix("cy Cy again Agent 70") })
        #expect(outcomes[0].contains { $0.hasPrefix("dee Dee D. Agent 9") })
        #expect(!outcomes[0].contains("bag never of -"))
    }
}
