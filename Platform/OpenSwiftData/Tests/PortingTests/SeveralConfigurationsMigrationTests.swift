import Foundation
import SwiftData
import Testing

// A migration plan over a container of two configurations: each store migrates through
// the stages that change its own models.

enum ShippingSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Voyage.self, Passenger.self]

    @Model
    final class Voyage {
        var title: String
        init(title: String) { self.title = title }
    }

    @Model
    final class Passenger {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum ShippingSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Voyage.self, Passenger.self]

    @Model
    final class Voyage {
        var title: String
        init(title: String) { self.title = title }
    }

    @Model
    final class Passenger {
        var name: String
        var seat: String = "any"
        init(name: String) { self.name = name }
    }
}

enum ShippingSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [Voyage.self, Passenger.self]

    @Model
    final class Voyage {
        var title: String
        var days: Int = 0
        init(title: String) { self.title = title }
    }

    @Model
    final class Passenger {
        var name: String
        var seat: String = "any"
        init(name: String) { self.name = name }
    }
}

enum ShippingMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [
        ShippingSchemaV1.self, ShippingSchemaV2.self, ShippingSchemaV3.self,
    ]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: ShippingSchemaV1.self, toVersion: ShippingSchemaV2.self),
        .lightweight(fromVersion: ShippingSchemaV2.self, toVersion: ShippingSchemaV3.self),
    ]
}

/// The same versions, with a custom stage for the passengers.
enum ShippingCustomMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = ShippingMigrationPlan.schemas
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: ShippingSchemaV1.self, toVersion: ShippingSchemaV2.self, willMigrate: nil,
            didMigrate: { context in
                for passenger in try context.fetch(FetchDescriptor<ShippingSchemaV2.Passenger>()) {
                    passenger.seat = "window"
                }
            }),
        .lightweight(fromVersion: ShippingSchemaV2.self, toVersion: ShippingSchemaV3.self),
    ]
}

@Suite("Migrating a container of several configurations")
struct SeveralConfigurationsMigrationTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "ShippingStores-\(UUID().uuidString)")

    private func configurations<Voyage: PersistentModel, Passenger: PersistentModel>(
        _ voyage: Voyage.Type, _ passenger: Passenger.Type
    ) -> [ModelConfiguration] {
        [
            ModelConfiguration("Voyages", schema: Schema([voyage]), url: folder.appending(path: "voyages.store")),
            ModelConfiguration(
                "Passengers", schema: Schema([passenger]), url: folder.appending(path: "passengers.store")),
        ]
    }

    /// Two stores written at version 1, with a voyage and a passenger.
    private func writeVersion1() throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: ShippingSchemaV1.self),
            configurations: configurations(ShippingSchemaV1.Voyage.self, ShippingSchemaV1.Passenger.self))
        let context = ModelContext(container)
        context.insert(ShippingSchemaV1.Voyage(title: "Crossing"))
        context.insert(ShippingSchemaV1.Passenger(name: "Ada"))
        try context.save()
    }

    @Test("each store runs the stages its models need; reports and dry runs are per configuration")
    func lightweightPlan() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeVersion1()
        let schema = Schema(versionedSchema: ShippingSchemaV3.self)
        let latest = configurations(ShippingSchemaV3.Voyage.self, ShippingSchemaV3.Passenger.self)

        let dryRun = try ModelContainer.dryRunMigration(
            for: schema, migrationPlan: ShippingMigrationPlan.self, configurations: latest)
        #expect(dryRun.count == 2)
        #expect(dryRun[0].stages.map(\.description) == ["lightweight 2.0.0 → 3.0.0"])
        #expect(dryRun[1].stages.map(\.description) == ["lightweight 1.0.0 → 2.0.0", "lightweight 2.0.0 → 3.0.0"])

        let container = try ModelContainer(
            for: schema, migrationPlan: ShippingMigrationPlan.self, configurations: latest)
        let voyages = try #require(container.migrationReport(for: latest[0]))
        let passengers = try #require(container.migrationReport(for: latest[1]))
        #expect(voyages.stages.count == 1, "the voyages did not change from 1 to 2")
        #expect(container.migrationReport?.stages.count == 1, "the first configuration's")
        #expect(passengers.stages.count == 2)
        #expect(voyages.targetVersion == Schema.Version(3, 0, 0))
        #expect(voyages.backupPath != nil && passengers.backupPath != nil)

        let context = ModelContext(container)
        #expect(try context.fetch(FetchDescriptor<ShippingSchemaV3.Voyage>()).map(\.days) == [0])
        #expect(try context.fetch(FetchDescriptor<ShippingSchemaV3.Passenger>()).map(\.seat) == ["any"])

        let again = try ModelContainer(
            for: schema, migrationPlan: ShippingMigrationPlan.self, configurations: latest)
        #expect(again.migrationReport(for: latest[0]) == nil)
        #expect(again.migrationReport(for: latest[1]) == nil)
    }

    @Test("a custom stage migrates every store together, its code seeing the models of each")
    func customStageOverEveryStore() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeVersion1()
        let schema = Schema(versionedSchema: ShippingSchemaV3.self)
        let latest = configurations(ShippingSchemaV3.Voyage.self, ShippingSchemaV3.Passenger.self)

        let dryRun = try ModelContainer.dryRunMigration(
            for: schema, migrationPlan: ShippingCustomMigrationPlan.self, configurations: latest)
        #expect(dryRun[1].stages.map(\.description) == ["custom 1.0.0 → 2.0.0"])
        #expect(
            dryRun[0].stages.map(\.description) == ["custom 1.0.0 → 2.0.0", "lightweight 2.0.0 → 3.0.0"],
            "the voyages' store is in the custom stage's context too")

        let container = try ModelContainer(
            for: schema, migrationPlan: ShippingCustomMigrationPlan.self, configurations: latest)
        let passengers = try #require(container.migrationReport(for: latest[1]))
        #expect(passengers.stages.map(\.hasCustomCode) == [true])
        #expect(passengers.backupPath != nil && container.migrationReport(for: latest[0])?.backupPath != nil)
        let context = ModelContext(container)
        #expect(try context.fetch(FetchDescriptor<ShippingSchemaV3.Passenger>()).map(\.seat) == ["window"])
        #expect(try context.fetch(FetchDescriptor<ShippingSchemaV3.Voyage>()).map(\.days) == [0])

        let again = try ModelContainer(
            for: schema, migrationPlan: ShippingCustomMigrationPlan.self, configurations: latest)
        #expect(again.migrationReport(for: latest[0]) == nil && again.migrationReport(for: latest[1]) == nil)
    }

    @Test("a custom stage's code reads one store and writes the other")
    func customStageAcrossStores() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeVersion1()
        let extra = try ModelContainer(
            for: Schema(versionedSchema: ShippingSchemaV1.self),
            configurations: configurations(ShippingSchemaV1.Voyage.self, ShippingSchemaV1.Passenger.self))
        let adding = ModelContext(extra)
        adding.insert(ShippingSchemaV1.Passenger(name: "Grace"))
        try adding.save()

        let latest = configurations(ShippingSchemaV3.Voyage.self, ShippingSchemaV3.Passenger.self)
        let container = try ModelContainer(
            for: Schema(versionedSchema: ShippingSchemaV3.self), migrationPlan: ShippingCrossStorePlan.self,
            configurations: latest)
        let context = ModelContext(container)
        let voyages = try context.fetch(FetchDescriptor<ShippingSchemaV3.Voyage>(sortBy: [SortDescriptor(\.title)]))
        #expect(voyages.map(\.title) == ["Crossing", "Trip of Ada", "Trip of Grace"])
        #expect(voyages.map(\.days) == [2, 2, 2])
        #expect(container.migrationReport(for: latest[0])?.stages.last?.hasCustomCode == true)
    }

    @Test("a custom stage that fails leaves every store as it was")
    func failedCustomStageChangesNoStore() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeVersion1()
        let latest = configurations(ShippingSchemaV3.Voyage.self, ShippingSchemaV3.Passenger.self)
        #expect {
            try ModelContainer(
                for: Schema(versionedSchema: ShippingSchemaV3.self), migrationPlan: ShippingFailingPlan.self,
                configurations: latest)
        } throws: { error in
            "\(error)".contains("custom 2.0.0 → 3.0.0") && "\(error)".contains("no room on board")
        }
        let version1 = configurations(ShippingSchemaV1.Voyage.self, ShippingSchemaV1.Passenger.self)
        let reports = try ModelContainer.dryRunMigration(
            for: Schema(versionedSchema: ShippingSchemaV1.self), migrationPlan: nil, configurations: version1)
        #expect(reports.map(\.isUpToDate) == [true, true], "both stores still at version 1")
        let context = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: ShippingSchemaV1.self), configurations: version1))
        #expect(try context.fetch(FetchDescriptor<ShippingSchemaV1.Voyage>()).map(\.title) == ["Crossing"])
        #expect(try context.fetch(FetchDescriptor<ShippingSchemaV1.Passenger>()).map(\.name) == ["Ada"])
    }
}

/// A custom stage whose code reads the passengers' store and writes the voyages'.
enum ShippingCrossStorePlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = ShippingMigrationPlan.schemas
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: ShippingSchemaV1.self, toVersion: ShippingSchemaV2.self),
        .custom(
            fromVersion: ShippingSchemaV2.self, toVersion: ShippingSchemaV3.self, willMigrate: nil,
            didMigrate: { context in
                let passengers = try context.fetch(FetchDescriptor<ShippingSchemaV3.Passenger>())
                for passenger in passengers {
                    context.insert(ShippingSchemaV3.Voyage(title: "Trip of \(passenger.name)"))
                }
                for voyage in try context.fetch(FetchDescriptor<ShippingSchemaV3.Voyage>()) {
                    voyage.days = passengers.count
                }
            }),
    ]
}

struct NoRoomOnBoard: Error, CustomStringConvertible {
    var description: String { "no room on board" }
}

/// A custom stage that changes both stores, then fails.
enum ShippingFailingPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = ShippingMigrationPlan.schemas
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: ShippingSchemaV1.self, toVersion: ShippingSchemaV2.self),
        .custom(
            fromVersion: ShippingSchemaV2.self, toVersion: ShippingSchemaV3.self,
            willMigrate: { context in
                context.insert(ShippingSchemaV2.Voyage(title: "Second crossing"))
                context.insert(ShippingSchemaV2.Passenger(name: "Grace"))
                try context.save()
                throw NoRoomOnBoard()
            }, didMigrate: nil),
    ]
}
