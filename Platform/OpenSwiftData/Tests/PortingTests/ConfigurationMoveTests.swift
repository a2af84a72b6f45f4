import Foundation
import SwiftData
import Testing

// Models that an app moves to a configuration of their own: version 1 keeps everything in
// one store; version 2 puts the crew in a store of its own, and gives sailors a rank.

enum HarbourSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Ferry.self, Sailor.self, Certificate.self]

    @Model
    final class Ferry {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Sailor {
        var name: String
        @Attribute(.externalStorage) var portrait: Data?
        @Relationship(deleteRule: .cascade, inverse: \Certificate.holder) var certificates: [Certificate] = []
        init(name: String, portrait: Data? = nil) {
            self.name = name
            self.portrait = portrait
        }
    }

    @Model
    final class Certificate {
        var title: String
        var holder: Sailor?
        init(title: String) { self.title = title }
    }
}

enum HarbourSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Ferry.self, Sailor.self, Certificate.self]

    @Model
    final class Ferry {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Sailor {
        var name: String
        var rank: String = "deckhand"
        @Attribute(.externalStorage) var portrait: Data?
        @Relationship(deleteRule: .cascade, inverse: \Certificate.holder) var certificates: [Certificate] = []
        init(name: String, portrait: Data? = nil) {
            self.name = name
            self.portrait = portrait
        }
    }

    @Model
    final class Certificate {
        var title: String
        var holder: Sailor?
        init(title: String) { self.title = title }
    }
}

enum HarbourMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [HarbourSchemaV1.self, HarbourSchemaV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: HarbourSchemaV1.self, toVersion: HarbourSchemaV2.self)
    ]
}

@Suite("Models moved to another configuration's store")
struct ConfigurationMoveTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "Harbour-\(UUID().uuidString)")
    private var harbour: URL { folder.appending(path: "harbour.store") }
    private var crew: URL { folder.appending(path: "crew.store") }
    private let portrait = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    /// Version 2's configurations: ferries stay in the harbour's store, the crew moves.
    private var split: [ModelConfiguration] {
        [
            ModelConfiguration("Ferries", schema: Schema([HarbourSchemaV2.Ferry.self]), url: harbour),
            ModelConfiguration(
                "Crew", schema: Schema([HarbourSchemaV2.Sailor.self, HarbourSchemaV2.Certificate.self]), url: crew),
        ]
    }

    private func externalFiles(of store: URL) -> [String] {
        let data = URL(fileURLWithPath: store.path + "_SUPPORT").appending(path: "_EXTERNAL_DATA")
        return (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
    }

    @Test("a migration moves the models to their new store, with their links, files and keys")
    func migrationMovesModels() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: HarbourSchemaV1.self), configurations: ModelConfiguration(url: harbour))
            let context = ModelContext(container)
            context.insert(HarbourSchemaV1.Ferry(name: "Ondine"))
            let ada = HarbourSchemaV1.Sailor(name: "Ada", portrait: portrait)
            context.insert(ada)
            ada.certificates = [
                HarbourSchemaV1.Certificate(title: "Radio"), HarbourSchemaV1.Certificate(title: "Helm"),
            ]
            let gone = HarbourSchemaV1.Sailor(name: "Gone")
            context.insert(gone)
            try context.save()
            context.delete(gone)
            try context.save()
        }
        #expect(externalFiles(of: harbour).count == 1)

        let container = try ModelContainer(
            for: Schema(versionedSchema: HarbourSchemaV2.self), migrationPlan: HarbourMigrationPlan.self,
            configurations: split)
        #expect(container.migrationReport(for: split[0])?.stages.count == 1, "migrated with the crew still in it")
        let context = ModelContext(container)
        #expect(try context.fetch(FetchDescriptor<HarbourSchemaV2.Ferry>()).map(\.name) == ["Ondine"])
        let sailors = try context.fetch(FetchDescriptor<HarbourSchemaV2.Sailor>())
        #expect(sailors.map(\.name) == ["Ada"])
        #expect(sailors.first?.rank == "deckhand")
        #expect(sailors.first?.portrait == portrait)
        #expect(sailors.first?.certificates.map(\.title).sorted() == ["Helm", "Radio"])
        #expect(externalFiles(of: harbour).isEmpty, "the portrait's file moved with its row")
        #expect(externalFiles(of: crew).count == 1)

        let grace = HarbourSchemaV2.Sailor(name: "Grace")
        context.insert(grace)
        try context.save()
        let keys = try context.fetch(FetchDescriptor<HarbourSchemaV2.Sailor>()).map(\.persistentModelID).sorted()
        #expect(keys.count == 2 && keys[0] != keys[1])

        let again = try ModelContainer(
            for: Schema(versionedSchema: HarbourSchemaV2.self), migrationPlan: HarbourMigrationPlan.self,
            configurations: split)
        #expect(again.migrationReport(for: split[0]) == nil && again.migrationReport(for: split[1]) == nil)
        #expect(try ModelContext(again).fetchCount(FetchDescriptor<HarbourSchemaV2.Sailor>()) == 2)
        let harbourAlone = try ModelContainer.dryRunMigration(
            for: Schema([HarbourSchemaV2.Ferry.self]), migrationPlan: nil,
            configuration: ModelConfiguration(url: harbour))
        #expect(harbourAlone.isUpToDate, "the harbour's store holds only ferries")
    }

    /// Both stores at version 2 holding the same sailor: what a crash between the move's
    /// two commits leaves.
    private func writeSailorInBothStores(crewName: String) throws {
        let models: [any PersistentModel.Type] = HarbourSchemaV2.models
        for (url, schema) in [(harbour, Schema(models)), (crew, split[1].schema!)] {
            let container = try ModelContainer(for: schema, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            if url == harbour { context.insert(HarbourSchemaV2.Ferry(name: "Ondine")) }
            let sailor = HarbourSchemaV2.Sailor(name: url == harbour ? "Ada" : crewName)
            context.insert(sailor)
            sailor.certificates = [HarbourSchemaV2.Certificate(title: "Radio")]
            try context.save()
        }
    }

    @Test("a move a crash interrupted is finished, without copying a row twice")
    func interruptedMoveFinishes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeSailorInBothStores(crewName: "Ada")
        let container = try ModelContainer(for: Schema(versionedSchema: HarbourSchemaV2.self), configurations: split)
        let context = ModelContext(container)
        let sailors = try context.fetch(FetchDescriptor<HarbourSchemaV2.Sailor>())
        #expect(sailors.map(\.name) == ["Ada"])
        #expect(sailors.first?.certificates.map(\.title) == ["Radio"])
        #expect(try context.fetchCount(FetchDescriptor<HarbourSchemaV2.Certificate>()) == 1)
    }

    @Test("a row of the new store with a moved row's key and other values refuses the move")
    func conflictingRowRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeSailorInBothStores(crewName: "Impostor")
        #expect {
            try ModelContainer(for: Schema(versionedSchema: HarbourSchemaV2.self), configurations: split)
        } throws: { error in
            "\(error)".contains("Sailor") && "\(error)".contains("other values")
        }
        let whole = try ModelContainer(
            for: Schema(versionedSchema: HarbourSchemaV2.self), configurations: ModelConfiguration(url: harbour))
        #expect(try ModelContext(whole).fetch(FetchDescriptor<HarbourSchemaV2.Sailor>()).map(\.name) == ["Ada"])
    }
}
