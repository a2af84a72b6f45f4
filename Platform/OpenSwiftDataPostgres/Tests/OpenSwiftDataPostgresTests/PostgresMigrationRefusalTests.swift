import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// The first version of a tally app's models.
enum TallySchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Tally.self, Keeper.self]

    @Model
    final class Tally {
        var name: String
        var count: Int
        var note: String?
        var keeper: Keeper?

        init(name: String, count: Int, note: String?) {
            self.name = name
            self.count = count
            self.note = note
        }
    }

    @Model
    final class Keeper {
        var name: String

        init(name: String) { self.name = name }
    }
}

/// `count` an `Int` no more but a `Bool`: both are integers in a SQLite column and
/// `bigint` in PostgreSQL, so only the models' shapes tell the change.
enum TallySchemaRetyped: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Tally.self, Keeper.self]

    @Model
    final class Tally {
        var name: String
        var count: Bool
        var note: String?
        var keeper: Keeper?

        init(name: String, count: Bool, note: String?) {
            self.name = name
            self.count = count
            self.note = note
        }
    }

    @Model
    final class Keeper {
        var name: String

        init(name: String) { self.name = name }
    }
}

/// `note` required from now on, without a default.
enum TallySchemaNoteRequired: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Tally.self, Keeper.self]

    @Model
    final class Tally {
        var name: String
        var count: Int
        var note: String
        var keeper: Keeper?

        init(name: String, count: Int, note: String) {
            self.name = name
            self.count = count
            self.note = note
        }
    }

    @Model
    final class Keeper {
        var name: String

        init(name: String) { self.name = name }
    }
}

/// `keeper` holds a model of another entity.
enum TallySchemaRetargeted: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Tally.self, Keeper.self, Team.self]

    @Model
    final class Tally {
        var name: String
        var count: Int
        var note: String?
        var keeper: Team?

        init(name: String, count: Int, note: String?) {
            self.name = name
            self.count = count
            self.note = note
        }
    }

    @Model
    final class Keeper {
        var name: String

        init(name: String) { self.name = name }
    }

    @Model
    final class Team {
        var name: String

        init(name: String) { self.name = name }
    }
}

enum TallyV1Plan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TallySchemaV1.self]
    static let stages: [MigrationStage] = []
}

/// A plan from the first version to `Target`, one lightweight stage.
enum TallyPlan<Target: VersionedSchema>: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TallySchemaV1.self, Target.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: TallySchemaV1.self, toVersion: Target.self)] }
}

/// The changes a column's type does not show, refused on PostgreSQL as on SQLite (the
/// oracle): an `Int` attribute that became a `Bool`, an optional attribute that became
/// required while a row holds nil, a to-one that holds another entity. With a plan and
/// without one (then the shapes the first version's tables recorded tell the change).
@Suite("PostgreSQL store: migrations refused as on SQLite, where the column type does not change")
struct PostgresMigrationRefusalTests {
    typealias Stores = PostgresMigrationTests.Stores

    /// Tallies of the first version in both stores, one with no note, one with a keeper.
    private static func firstVersion() async throws -> Stores {
        let stores = try await Stores()
        for configuration in Self.configurations(stores) {
            let container = try ModelContainer(
                for: Schema(versionedSchema: TallySchemaV1.self), migrationPlan: TallyV1Plan.self,
                configurations: [configuration])
            let context = ModelContext(container)
            let keeper = TallySchemaV1.Keeper(name: "Ada")
            context.insert(keeper)
            context.insert(TallySchemaV1.Tally(name: "laps", count: 3, note: nil))
            let kept = TallySchemaV1.Tally(name: "goals", count: 1, note: "home games")
            context.insert(kept)
            kept.keeper = keeper
            try context.save()
        }
        return stores
    }

    private static func configurations(_ stores: Stores) -> [any DataStoreConfiguration] {
        [PostgresStoreConfiguration(url: stores.url), ModelConfiguration(url: stores.folder.file("notes.sqlite"))]
    }

    /// What each store refused when opened at `version`, `Entity.property`: PostgreSQL's
    /// first; "opened" for a store that opened.
    private static func refusals(
        _ stores: Stores, _ version: any VersionedSchema.Type, plan: (any SchemaMigrationPlan.Type)?
    ) -> [String] {
        configurations(stores).map { configuration in
            refusal {
                _ = try ModelContainer(
                    for: Schema(versionedSchema: version), migrationPlan: plan, configurations: [configuration])
            }
        }
    }

    /// A change of the second version that a column's type does not show.
    enum Change: CaseIterable, Sendable {
        case retyped, noteRequired, retargeted

        var version: any VersionedSchema.Type {
            switch self {
            case .retyped: TallySchemaRetyped.self
            case .noteRequired: TallySchemaNoteRequired.self
            case .retargeted: TallySchemaRetargeted.self
            }
        }

        var plan: any SchemaMigrationPlan.Type {
            switch self {
            case .retyped: TallyPlan<TallySchemaRetyped>.self
            case .noteRequired: TallyPlan<TallySchemaNoteRequired>.self
            case .retargeted: TallyPlan<TallySchemaRetargeted>.self
            }
        }

        /// The property both stores name in their refusal.
        var property: String {
            switch self {
            case .retyped: "Tally.count"
            case .noteRequired: "Tally.note"
            case .retargeted: "Tally.keeper"
            }
        }
    }

    @Test(
        "a change the column type does not show is refused on both stores, and the tables stay as they were",
        arguments: Change.allCases)
    func refusedWithAPlan(change: Change) async throws {
        let stores = try await Self.firstVersion()
        #expect(Self.refusals(stores, change.version, plan: change.plan) == [change.property, change.property])
        #expect(
            try await stores.query(
                "SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'") == ["1.0.0"])
        #expect(try await stores.columns("Tally") == ["_pk", "count", "keeper", "name", "note"])
    }

    @Test("without a plan, the shapes the tables recorded tell the change: refused on both stores")
    func refusedWithoutAPlan() async throws {
        let stores = try await Self.firstVersion()
        #expect(
            try await stores.query("SELECT key FROM \"default\"._openswiftdata_metadata ORDER BY key") == [
                "entityShapes", "schemaVersion",
            ])
        #expect(Self.refusals(stores, TallySchemaRetyped.self, plan: nil) == ["Tally.count", "Tally.count"])
        #expect(Self.refusals(stores, TallySchemaNoteRequired.self, plan: nil) == ["Tally.note", "Tally.note"])
    }

    @Test("a note given to every tally lets the required note through on both stores")
    func requiredOnceEveryRowHasOne() async throws {
        let stores = try await Self.firstVersion()
        for configuration in Self.configurations(stores) {
            let context = ModelContext(
                try ModelContainer(
                    for: Schema(versionedSchema: TallySchemaV1.self), migrationPlan: TallyV1Plan.self,
                    configurations: [configuration]))
            for tally in try context.fetch(FetchDescriptor<TallySchemaV1.Tally>()) where tally.note == nil {
                tally.note = "none yet"
            }
            try context.save()
        }
        #expect(
            Self.refusals(stores, TallySchemaNoteRequired.self, plan: TallyPlan<TallySchemaNoteRequired>.self) == [
                "opened", "opened",
            ])
    }
}

/// What `open` refused, `Entity.property` for a refused change (`SwiftDataError.refusedChange`),
/// else the error; "opened" when it throws nothing.
func refusal(_ open: () throws -> Void) -> String {
    outcome(of: open) {
        guard case .refusedChange(let entity, let property, _, _) = $0 else { return nil }
        return "\(entity).\(property ?? "-")"
    }
}

/// Why a migration stage failed when `open` ran it (`SwiftDataError.migrationStageFailed`'s
/// reason), else the error; "opened" when it throws nothing.
func stageFailure(_ open: () throws -> Void) -> String {
    outcome(of: open) {
        guard case .migrationStageFailed(_, let reason) = $0 else { return nil }
        return reason
    }
}

/// "opened" when `open` throws nothing; what `describe` says of the cause of the
/// `SwiftDataError` it throws; else the error.
private func outcome(of open: () throws -> Void, _ describe: (SwiftDataError.Cause) -> String?) -> String {
    do {
        try open()
        return "opened"
    } catch let error as SwiftDataError {
        return error.cause.flatMap(describe) ?? "\(error)"
    } catch {
        return "\(error)"
    }
}
