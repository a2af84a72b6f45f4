import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// Versions 1 to 3, the last step a custom stage whose `didMigrate` is given: version 3's
/// new `priority` has no default to fill it.
private func stagesToV3(didMigrate: @escaping @Sendable (ModelContext) throws -> Void) -> [MigrationStage] {
    [
        .lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self),
        .custom(
            fromVersion: NotesSchemaV2.self, toVersion: NotesSchemaV3.self, willMigrate: nil, didMigrate: didMigrate),
    ]
}

/// Each note's priority is its title's length.
enum NotesFilledToV3Plan: SchemaMigrationPlan {
    static let schemas = NotesToV3Plan.schemas
    static let stages = stagesToV3 { context in
        for note in try context.fetch(FetchDescriptor<NotesSchemaV3.Note>()) { note.priority = note.title.count }
    }
}

/// The first note only is given a priority.
enum NotesPartlyFilledToV3Plan: SchemaMigrationPlan {
    static let schemas = NotesToV3Plan.schemas
    static let stages = stagesToV3 { context in
        let notes = try context.fetch(FetchDescriptor<NotesSchemaV3.Note>(sortBy: [SortDescriptor(\.title)]))
        notes.first?.priority = 1
    }
}

/// A new non-optional attribute without a default in a custom stage: added empty, filled by
/// the stage's `didMigrate`, checked after it. The SQLite store is the oracle.
@Suite("PostgreSQL store: a custom stage's didMigrate fills a new non-optional attribute")
struct PostgresStageFillTests {
    @Test("didMigrate gives the notes there are a value for the new non-optional priority, as on SQLite")
    func filled() async throws {
        let stores = try await PostgresMigrationTests.Stores()
        try stores.insertFirstVersion()
        var answers: [[String]] = []
        for container in [
            try stores.postgres(NotesSchemaV3.self, NotesFilledToV3Plan.self),
            try stores.sqlite(NotesSchemaV3.self, NotesFilledToV3Plan.self),
        ] {
            let notes = try ModelContext(container).fetch(
                FetchDescriptor<NotesSchemaV3.Note>(sortBy: [SortDescriptor(\.title)]))
            answers.append(notes.map { "\($0.title) \($0.priority)" })
        }
        #expect(answers[0] == ["groceries 9", "ideas 5", "quote 5"])
        #expect(answers[0] == answers[1])
        #expect(
            try await stores.query("SELECT count(*)::text FROM \"default\".\"Note\" WHERE priority IS NULL") == ["0"])
    }

    @Test("a didMigrate that leaves notes without a priority fails its stage, as on SQLite, and changes nothing")
    func leftEmpty() async throws {
        let stores = try await PostgresMigrationTests.Stores()
        try stores.insertFirstVersion()
        _ = try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self)
        _ = try stores.sqlite(NotesSchemaV2.self, NotesLightweightPlan.self)
        let failures = [
            stageFailure { _ = try stores.postgres(NotesSchemaV3.self, NotesPartlyFilledToV3Plan.self) },
            stageFailure { _ = try stores.sqlite(NotesSchemaV3.self, NotesPartlyFilledToV3Plan.self) },
        ]
        #expect(failures.count == 2)
        #expect(failures.first == failures.last, "\(failures)")
        #expect(
            failures.first == "2 rows of Note have no value for the new non-optional priority; didMigrate must set it")
        #expect(try await stores.columns() == ["_pk", "folder", "isPinned", "tag", "text", "title"])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["2.0.0"])
    }
}
