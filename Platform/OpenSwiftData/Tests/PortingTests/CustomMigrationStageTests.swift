import Foundation
import SwiftData
import Testing

// The custom migration stage of WWDC23's "Model your schema with SwiftData", as apps copy
// it: version 2 makes a name unique, so `willMigrate` removes the duplicates first, and
// `didMigrate` fills a new property from the old ones.

enum GuestsSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Guest.self]

    @Model
    final class Guest {
        var name: String
        var visits: Int
        init(name: String, visits: Int) {
            self.name = name
            self.visits = visits
        }
    }
}

enum GuestsSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Guest.self]

    @Model
    final class Guest {
        @Attribute(.unique) var name: String
        var visits: Int
        var isRegular: Bool = false
        init(name: String, visits: Int) {
            self.name = name
            self.visits = visits
        }
    }
}

enum GuestsMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [GuestsSchemaV1.self, GuestsSchemaV2.self]
    static let stages: [MigrationStage] = [migrateV1toV2]

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: GuestsSchemaV1.self,
        toVersion: GuestsSchemaV2.self,
        willMigrate: { context in
            let guests = try context.fetch(FetchDescriptor<GuestsSchemaV1.Guest>())
            var kept: [String: GuestsSchemaV1.Guest] = [:]
            for guest in guests {
                if let first = kept[guest.name] {
                    first.visits += guest.visits
                    context.delete(guest)
                } else {
                    kept[guest.name] = guest
                }
            }
            try context.save()
        },
        didMigrate: { context in
            let guests = try context.fetch(FetchDescriptor<GuestsSchemaV2.Guest>())
            for guest in guests where guest.visits >= 3 {
                guest.isRegular = true
            }
            try context.save()
        }
    )
}

@Suite("A custom migration stage, as SwiftData apps write it")
struct CustomMigrationStageTests {
    @Test("willMigrate removes duplicates before a unique constraint, didMigrate fills a new property")
    func dedupeThenBackfill() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "CustomStage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "guests.store")
        do {
            let old = try ModelContainer(
                for: Schema(versionedSchema: GuestsSchemaV1.self), configurations: ModelConfiguration(url: url))
            let context = ModelContext(old)
            for (name, visits) in [("Ada", 1), ("Grace", 1), ("Ada", 2), ("Linus", 5)] {
                context.insert(GuestsSchemaV1.Guest(name: name, visits: visits))
            }
            try context.save()
        }

        let container = try ModelContainer(
            for: Schema(versionedSchema: GuestsSchemaV2.self), migrationPlan: GuestsMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let guests = try ModelContext(container).fetch(
            FetchDescriptor<GuestsSchemaV2.Guest>(sortBy: [SortDescriptor(\.name)]))
        #expect(guests.map(\.name) == ["Ada", "Grace", "Linus"])
        #expect(guests.map(\.visits) == [3, 1, 5])
        #expect(guests.map(\.isRegular) == [true, false, true])

        // The unique constraint holds from now on: a second "Ada" updates the first.
        let context = ModelContext(container)
        context.insert(GuestsSchemaV2.Guest(name: "Ada", visits: 9))
        try context.save()
        let ada = try ModelContext(container).fetch(
            FetchDescriptor<GuestsSchemaV2.Guest>(predicate: #Predicate { $0.name == "Ada" }))
        #expect(ada.map(\.visits) == [9])
    }
}
