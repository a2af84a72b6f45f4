import Foundation
import Testing

@testable import OpenSwiftData

enum FleetSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Car.self, Van.self]

    @Model
    class Car {
        var plate: String
        init(plate: String) { self.plate = plate }
    }

    @Model
    final class Van: Car {
        var load: Int
        init(plate: String, load: Int) {
            self.load = load
            super.init(plate: plate)
        }
    }
}

enum FleetSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Car.self, Van.self]

    @Model
    class Car {
        var plate: String
        var color: String = "white"
        init(plate: String) { self.plate = plate }
    }

    @Model
    final class Van: Car {
        var load: Int
        init(plate: String, load: Int) {
            self.load = load
            super.init(plate: plate)
        }
    }
}

enum FleetMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [FleetSchemaV1.self, FleetSchemaV2.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: FleetSchemaV1.self, toVersion: FleetSchemaV2.self, willMigrate: nil,
            didMigrate: { context in
                // Models of a subclass, inserted and deleted by a stage's code.
                context.insert(FleetSchemaV2.Van(plate: "NEW-1", load: 3))
                context.insert(FleetSchemaV2.Van(plate: "NEW-2", load: 4))
                for van in try context.fetch(FetchDescriptor<FleetSchemaV2.Van>()) where van.plate == "OLD-2" {
                    context.delete(van)
                }
                try context.save()
            })
    ]
}

/// A custom migration stage inserts and deletes models of a subclass (SwiftData 26's
/// model inheritance, WWDC25 "SwiftData: Dive into inheritance and schema migration"): the
/// migration's row-count check counts a subclass's row in its superclass's table too.
struct SubclassMigrationStageTests {
    @Test("a stage that inserts and deletes subclass models migrates, with every row accounted for")
    func subclassRowsInAStage() throws {
        let folder = TemporaryFolder()
        let url = folder.file("fleet.sqlite")
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: FleetSchemaV1.self), configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(FleetSchemaV1.Car(plate: "CAR-1"))
            context.insert(FleetSchemaV1.Van(plate: "OLD-1", load: 1))
            context.insert(FleetSchemaV1.Van(plate: "OLD-2", load: 2))
            try context.save()
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: FleetSchemaV2.self), migrationPlan: FleetMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let plates = try context.fetch(FetchDescriptor<FleetSchemaV2.Car>(sortBy: [SortDescriptor(\.plate)])).map(
            \.plate)
        #expect(plates == ["CAR-1", "NEW-1", "NEW-2", "OLD-1"])
        #expect(try context.fetchCount(FetchDescriptor<FleetSchemaV2.Van>()) == 3)
    }
}
