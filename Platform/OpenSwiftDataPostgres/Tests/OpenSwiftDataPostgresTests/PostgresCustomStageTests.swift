import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import StoreSyncTesting
import Testing

enum CrewSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Sailor.self] }

    @Model
    final class Sailor {
        var name: String
        var rank: String

        init(name: String, rank: String) {
            self.name = name
            self.rank = rank
        }
    }
}

enum CrewSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Sailor.self] }

    @Model
    final class Sailor {
        @Attribute(.unique) var name: String
        var rank: String
        var callSign: String = ""

        init(name: String, rank: String) {
            self.name = name
            self.rank = rank
        }
    }
}

/// Version 2 makes names unique: `willMigrate` keeps the first sailor of each name (by rank),
/// `didMigrate` gives each a call sign, left for the migration to save.
enum CrewPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CrewSchemaV1.self, CrewSchemaV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: CrewSchemaV1.self, toVersion: CrewSchemaV2.self,
                willMigrate: { context in
                    var seen = Set<String>()
                    for sailor in try context.fetch(
                        FetchDescriptor<CrewSchemaV1.Sailor>(sortBy: [SortDescriptor(\.rank)]))
                    where !seen.insert(sailor.name).inserted {
                        context.delete(sailor)
                    }
                    try context.save()
                },
                didMigrate: { context in
                    for sailor in try context.fetch(FetchDescriptor<CrewSchemaV2.Sailor>()) {
                        sailor.callSign = "\(sailor.rank)-\(sailor.name)"
                    }
                })
        ]
    }
}

/// The first version alone, as the app's first release knew it.
enum CrewV1OnlyPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CrewSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}

/// The same plan whose `didMigrate` fails once its changes are saved.
enum CrewFailingPlan: SchemaMigrationPlan {
    struct Refused: Error {}
    static var schemas: [any VersionedSchema.Type] { [CrewSchemaV1.self, CrewSchemaV2.self] }
    static var stages: [MigrationStage] {
        guard case .custom(let from, let to, let willMigrate, _) = CrewPlan.stages[0] else { return [] }
        return [
            .custom(
                fromVersion: from, toVersion: to, willMigrate: willMigrate,
                didMigrate: { context in
                    for sailor in try context.fetch(FetchDescriptor<CrewSchemaV2.Sailor>()) { sailor.callSign = "x" }
                    try context.save()
                    throw Refused()
                })
        ]
    }
}

/// A stage that saves a sailor, then erases the store (SwiftData's `erase()`).
enum CrewErasePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CrewSchemaV1.self, CrewSchemaV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: CrewSchemaV1.self, toVersion: CrewSchemaV2.self,
                willMigrate: { context in
                    context.insert(CrewSchemaV1.Sailor(name: "Zed", rank: "cook"))
                    try context.save()
                    try context.container.erase()
                }, didMigrate: nil)
        ]
    }
}

/// A plan's custom stage on PostgreSQL, against the SQLite store as the oracle: the same code
/// leaves the same models, and a stage that throws leaves the tables as they were, in one
/// transaction with the migration's changes.
@Suite("PostgreSQL store: custom migration stages")
struct PostgresCustomStageTests {
    typealias Stores = PostgresMigrationTests.Stores

    /// Four sailors of version 1, two of one name, in both stores.
    private static func insertFirstVersion(_ stores: Stores) throws {
        for container in [
            try stores.postgres(CrewSchemaV1.self, CrewV1OnlyPlan.self),
            try stores.sqlite(CrewSchemaV1.self, CrewV1OnlyPlan.self),
        ] {
            let context = ModelContext(container)
            for (name, rank) in [("Ada", "bosun"), ("Grace", "captain"), ("Ada", "cook"), ("Linus", "mate")] {
                context.insert(CrewSchemaV1.Sailor(name: name, rank: rank))
            }
            try context.save()
        }
    }

    private static func describe(_ container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<CrewSchemaV2.Sailor>(sortBy: [SortDescriptor(\.name)]))
            .map { "\($0.name) \($0.rank) \($0.callSign)" }
    }

    @Test("willMigrate and didMigrate run with contexts over their versions, and leave SQLite's models")
    func stagesRunAsOnSQLite() async throws {
        let stores = try await Stores()
        try Self.insertFirstVersion(stores)
        let postgres = try Self.describe(try stores.postgres(CrewSchemaV2.self, CrewPlan.self))
        let sqlite = try Self.describe(try stores.sqlite(CrewSchemaV2.self, CrewPlan.self))
        #expect(postgres == ["Ada bosun bosun-Ada", "Grace captain captain-Grace", "Linus mate mate-Linus"])
        #expect(postgres == sqlite)
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["2.0.0"])
        // Opened again, the tables are at the plan's latest version: no stage runs twice.
        #expect(try Self.describe(try stores.postgres(CrewSchemaV2.self, CrewPlan.self)) == postgres)
    }

    @Test("a stage that throws leaves the tables as they were, its saves and the migration's changes undone")
    func failingStageUndoesAll() async throws {
        let stores = try await Stores()
        try Self.insertFirstVersion(stores)
        var failures: [String] = []
        for open in [
            { _ = try stores.postgres(CrewSchemaV2.self, CrewFailingPlan.self) },
            { _ = try stores.sqlite(CrewSchemaV2.self, CrewFailingPlan.self) },
        ] {
            do {
                try open()
                failures.append("opened")
            } catch let error as SwiftDataError {
                guard case .migrationStageFailed(let stage, _) = error.cause else {
                    failures.append("\(error)")
                    continue
                }
                failures.append("failed: \(stage)")
            }
        }
        #expect(failures.count == 2)
        #expect(failures.first == failures.last, "\(failures)")
        #expect(failures.first?.hasPrefix("failed: ") == true, "\(failures)")
        #expect(
            try await stores.query("SELECT name || ' ' || rank FROM \"default\".\"Sailor\" ORDER BY 1") == [
                "Ada bosun", "Ada cook", "Grace captain", "Linus mate",
            ])
        #expect(try await stores.columns("Sailor") == ["_pk", "name", "rank"])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["1.0.0"])
    }

    @Test("a stage may save, then erase the store: the erasure joins the save's history transaction")
    func saveThenEraseInAStage() async throws {
        let stores = try await Stores()
        try Self.insertFirstVersion(stores)
        let container = try stores.postgres(CrewSchemaV2.self, CrewErasePlan.self)
        #expect(try Self.describe(container) == [])
        let history = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        // The first version's insert, then the stage's save and erasure in one transaction:
        // Zed inserted, then the five sailors deleted.
        #expect(history.map(\.changes.count) == [4, 6], "\(history.map(\.changes.count))")
    }
}
