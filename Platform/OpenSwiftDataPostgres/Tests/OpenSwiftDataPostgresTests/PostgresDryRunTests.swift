import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// `PostgresStoreConfiguration.dryRunMigration`, against SQLite's
/// `ModelContainer.dryRunMigration` as the oracle: the same plan on the same notes reports the
/// same versions and stages, and the same refusals, and neither store changes.
@Suite("PostgreSQL store: dry runs of a migration")
struct PostgresDryRunTests {
    typealias Stores = PostgresMigrationTests.Stores

    /// The report of each store's dry run, PostgreSQL's first.
    private static func dryRuns(
        _ stores: Stores, _ version: any VersionedSchema.Type, _ plan: (any SchemaMigrationPlan.Type)?
    ) throws -> [MigrationReport] {
        let schema = Schema(versionedSchema: version)
        return [
            try PostgresStoreConfiguration(url: stores.url).dryRunMigration(for: schema, migrationPlan: plan),
            try ModelContainer.dryRunMigration(
                for: schema, migrationPlan: plan,
                configuration: ModelConfiguration(url: stores.folder.file("notes.sqlite"))),
        ]
    }

    /// A report's versions and stages, without the statements (each store's SQL is its own).
    private static func outline(_ report: MigrationReport) -> String {
        "\(report.storeVersion.map(\.description) ?? "none") → \(report.targetVersion): "
            + report.stages.map(\.description).joined(separator: ", ")
    }

    @Test("a dry run reports the stage the migration would run, with its statements, and changes nothing")
    func reportsAndChangesNothing() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()

        let reports = try Self.dryRuns(stores, NotesSchemaV2.self, NotesLightweightPlan.self)
        #expect(reports.map(Self.outline) == Array(repeating: "1.0.0 → 2.0.0: lightweight 1.0.0 → 2.0.0", count: 2))
        let statements = reports[0].stages.flatMap(\.statements)
        #expect(statements.contains { $0.contains("RENAME COLUMN \"body\" TO \"text\"") }, "\(statements)")
        #expect(statements.contains { $0.contains("CREATE TABLE") && $0.contains("\"Folder\"") }, "\(statements)")
        #expect(try await stores.columns() == ["_pk", "body", "title"])
        #expect(try await stores.columns("Folder") == [])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["1.0.0"])

        // Once migrated, a dry run finds nothing to do (SQLite's names no stored version
        // then; PostgreSQL's names the one the tables record).
        _ = try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self)
        _ = try stores.sqlite(NotesSchemaV2.self, NotesLightweightPlan.self)
        let after = try Self.dryRuns(stores, NotesSchemaV2.self, NotesLightweightPlan.self)
        #expect(after.map(\.isUpToDate) == [true, true], "\(after[0])")
        #expect(after.map(\.targetVersion) == [Schema.Version(2, 0, 0), Schema.Version(2, 0, 0)])
        #expect(after[0].storeVersion == Schema.Version(2, 0, 0))
    }

    @Test("without a plan, a dry run reports the inferred change, as on SQLite")
    func inferred() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()

        let reports = try Self.dryRuns(stores, NotesSchemaV2.self, nil)
        #expect(reports.map(\.stages.count) == [1, 1])
        #expect(reports.map { $0.stages.first?.description } == ["inferred", "inferred"])
        #expect(try await stores.columns() == ["_pk", "body", "title"])
    }

    @Test("a dry run refuses what the migration would refuse, as on SQLite, and changes nothing")
    func refusesAsTheMigrationWould() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        let refusals = [
            refusal {
                _ = try PostgresStoreConfiguration(url: stores.url).dryRunMigration(
                    for: Schema(versionedSchema: NotesSchemaV3.self), migrationPlan: NotesToV3Plan.self)
            },
            refusal {
                _ = try ModelContainer.dryRunMigration(
                    for: Schema(versionedSchema: NotesSchemaV3.self), migrationPlan: NotesToV3Plan.self,
                    configuration: ModelConfiguration(url: stores.folder.file("notes.sqlite")))
            },
        ]
        #expect(refusals == ["Note.priority", "Note.priority"])
        #expect(try await stores.columns() == ["_pk", "body", "title"])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["1.0.0"])
    }

    @Test("a dry run on a database without the store's tables reports nothing to migrate and makes nothing")
    func emptyDatabase() async throws {
        let stores = try await Stores()
        let reports = try Self.dryRuns(stores, NotesSchemaV2.self, NotesLightweightPlan.self)
        #expect(reports.map(Self.outline) == Array(repeating: "none → 2.0.0: ", count: 2))
        #expect(try await stores.query("SELECT nspname::text FROM pg_namespace WHERE nspname = 'default'") == [])
    }
}
