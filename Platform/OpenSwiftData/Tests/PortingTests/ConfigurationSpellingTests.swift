import Foundation
import SwiftData
import Testing

// SwiftData's spellings of containers and configurations, as apps and WWDC samples use them.

enum TripsSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Trip.self]

    @Model
    final class Trip {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum TripsSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Trip.self, Stop.self]

    @Model
    final class Trip {
        var name: String
        var days: Int = 1
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Stop {
        var title: String
        var trip: Trip?
        init(title: String) { self.title = title }
    }
}

enum TripsMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TripsSchemaV1.self, TripsSchemaV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: TripsSchemaV1.self, toVersion: TripsSchemaV2.self)
    ]
}

typealias Trip = TripsSchemaV2.Trip
typealias Stop = TripsSchemaV2.Stop

@Suite("SwiftData's spellings of containers, configurations and fetches")
struct ConfigurationSpellingTests {
    private func temporaryStore() -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        return (folder, folder.appending(path: "trips.store"))
    }

    @Test("ModelContainer(for: types…, migrationPlan:configurations:) migrates as the plan says")
    func typesWithPlan() throws {
        let (folder, url) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try ModelContainer(
                for: TripsSchemaV1.Trip.self, migrationPlan: nil, configurations: ModelConfiguration(url: url))
            let context = ModelContext(old)
            context.insert(TripsSchemaV1.Trip(name: "Lisbon"))
            try context.save()
        }
        let container = try ModelContainer(
            for: Trip.self, Stop.self, migrationPlan: TripsMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let trips = try ModelContext(container).fetch(FetchDescriptor<Trip>())
        #expect(trips.map(\.name) == ["Lisbon"])
        #expect(trips.map(\.days) == [1])
    }

    @Test("CloudKitDatabase and GroupContainer are nested in ModelConfiguration, with every initializer")
    func nestedSpellings() throws {
        let cloud = ModelConfiguration(
            "Trips", schema: Schema([Trip.self, Stop.self]), isStoredInMemoryOnly: true, allowsSave: true,
            groupContainer: .identifier("group.example.trips"), cloudKitDatabase: .none)
        #expect(cloud.name == "Trips")
        #expect(cloud.isStoredInMemoryOnly)
        #expect(cloud.allowsSave)
        #expect(cloud.groupContainer == ModelConfiguration.GroupContainer.identifier("group.example.trips"))
        #expect(cloud.cloudKitDatabase == ModelConfiguration.CloudKitDatabase.none)
        #expect(cloud.schema?.entities.count == 2)
        let database: ModelConfiguration.CloudKitDatabase = .private("iCloud.example.trips")
        #expect(database.containerIdentifier == "iCloud.example.trips")
        for group in [ModelConfiguration.GroupContainer.automatic, .none, .identifier("g")] {
            _ = ModelConfiguration(groupContainer: group)
        }

        let (folder, url) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = ModelConfiguration("Trips", schema: nil, url: url, allowsSave: false, cloudKitDatabase: .automatic)
        #expect(named.url == url)
        #expect(!named.allowsSave)

        let forTypes = ModelConfiguration(for: Trip.self, Stop.self, isStoredInMemoryOnly: true)
        #expect(forTypes.isStoredInMemoryOnly)
        #expect(Set(forTypes.schema?.entities.map(\.name) ?? []) == ["Trip", "Stop"])
        let container = try ModelContainer(for: Trip.self, Stop.self, configurations: forTypes)
        #expect(container.schema.entities.count == 2)
    }

    @Test("a named configuration without a URL is stored in the XDG data folder, named after it")
    func namedConfigurationLocation() {
        let configuration = ModelConfiguration("Trips")
        let dataHome =
            ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share")
        #expect(configuration.url.lastPathComponent == "Trips.store")
        #expect(
            configuration.url.deletingLastPathComponent().standardizedFileURL.path
                == dataHome.standardizedFileURL.path)
    }

    @Test("Schema.entitiesByName, entity(for:), erase(), fetchIdentifiers and a batched fetch")
    func schemaAndFetchSpellings() throws {
        let container = try ModelContainer(
            for: Trip.self, Stop.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        #expect(container.schema.entitiesByName["Trip"]?.name == "Trip")
        #expect(container.schema.entity(for: Stop.self)?.name == "Stop")

        let context = ModelContext(container)
        for index in 0..<25 { context.insert(Trip(name: String(format: "trip %02d", index))) }
        try context.save()
        let sorted = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        let batched: FetchResultsCollection<Trip> = try context.fetch(sorted, batchSize: 10)
        #expect(batched.count == 25)
        #expect(batched.map(\.name) == (0..<25).map { String(format: "trip %02d", $0) })
        #expect(batched[24] === batched[24])
        let identifiers: FetchResultsCollection<PersistentIdentifier> = try context.fetchIdentifiers(
            sorted, batchSize: 10)
        #expect(Array(identifiers) == batched.map(\.persistentModelID))

        try container.erase()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 0)
    }
}
