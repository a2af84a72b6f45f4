import Foundation
import OpenSwiftData

// The bridge-version pattern of seeds/001: V1 keeps text in `legacyData`; V2 adds
// children and a custom stage moves the text into them; V3 drops `legacyData`.

enum BridgeV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Parent.self]

    @Model
    final class Parent {
        var name: String
        var legacyData: String?

        init(name: String, legacyData: String?) {
            self.name = name
            self.legacyData = legacyData
        }
    }
}

enum BridgeV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Parent.self, Child.self]

    @Model
    final class Parent {
        var name: String
        @Attribute(originalName: "legacyData")
        var legacyData: String?
        @Relationship(deleteRule: .cascade)
        var children: [Child] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Child {
        var value: String
        var parent: Parent?

        init(value: String) { self.value = value }
    }
}

enum BridgeV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [Parent.self, Child.self]

    @Model
    final class Parent {
        var name: String
        @Relationship(deleteRule: .cascade)
        var children: [Child] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Child {
        var value: String
        var parent: Parent?

        init(value: String) { self.value = value }
    }
}

enum BridgeMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [BridgeV1.self, BridgeV2.self, BridgeV3.self]
    static let stages: [MigrationStage] = [migrateV1toV2, migrateV2toV3]

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: BridgeV1.self,
        toVersion: BridgeV2.self,
        willMigrate: nil,
        didMigrate: { context in
            let parents = try context.fetch(FetchDescriptor<BridgeV2.Parent>())
            for parent in parents {
                if let legacyData = parent.legacyData {
                    let child = BridgeV2.Child(value: legacyData)
                    parent.children.append(child)
                }
            }
            try context.save()
        }
    )

    static let migrateV2toV3 = MigrationStage.lightweight(
        fromVersion: BridgeV2.self,
        toVersion: BridgeV3.self
    )
}
