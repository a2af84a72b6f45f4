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

    @Test("a store that needs a custom stage is refused before any store is touched")
    func customStageRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeVersion1()
        let files = ["voyages.store", "passengers.store"].map { folder.appending(path: $0) }
        let before = try files.map { try Data(contentsOf: $0) }
        #expect {
            try ModelContainer(
                for: Schema(versionedSchema: ShippingSchemaV3.self), migrationPlan: ShippingCustomMigrationPlan.self,
                configurations: configurations(ShippingSchemaV3.Voyage.self, ShippingSchemaV3.Passenger.self))
        } throws: { error in
            let message = "\(error)"
            return message.contains("'Passengers'") && message.contains("custom 1.0.0 → 2.0.0")
        }
        #expect(try files.map { try Data(contentsOf: $0) } == before)
    }
}
