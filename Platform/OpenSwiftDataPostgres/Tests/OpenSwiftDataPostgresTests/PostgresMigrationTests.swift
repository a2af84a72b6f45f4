import ChildProcess
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import PostgresNIO
import StoreSyncTesting
import Testing

/// The first version of a notes app's models.
enum NotesSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self]

    @Model
    final class Note {
        var title: String
        var body: String

        init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }
}

/// The second version: `body` renamed `text`, a flag with a default, an optional tag, an
/// index, and a new entity notes may belong to. Each a lightweight change (Apple's
/// "Model your schema with SwiftData", WWDC23: properties added with a default or optional,
/// `originalName` renames, new models).
enum NotesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self, Folder.self]

    @Model
    final class Note {
        #Index<Note>([\.title])
        var title: String
        @Attribute(originalName: "body") var text: String
        var isPinned: Bool = false
        var tag: String?
        var folder: Folder?

        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }

    @Model
    final class Folder {
        var name: String
        @Relationship(inverse: \Note.folder) var notes: [Note] = []

        init(name: String) {
            self.name = name
        }
    }
}

/// A version whose new property every stored note would lack: a lightweight migration
/// cannot give it a value.
enum NotesSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self, Folder.self]

    @Model
    final class Note {
        #Index<Note>([\.title])
        var title: String
        var text: String
        var isPinned: Bool = false
        var tag: String?
        var folder: Folder?
        var priority: Int

        init(title: String, text: String, priority: Int) {
            self.title = title
            self.text = text
            self.priority = priority
        }
    }

    @Model
    final class Folder {
        var name: String
        @Relationship(inverse: \Note.folder) var notes: [Note] = []

        init(name: String) {
            self.name = name
        }
    }
}

/// A version whose titles are unique (a lightweight change while no two notes share one),
/// with a new unique attribute, nil in every stored note.
enum NotesSchemaV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self, Folder.self]

    @Model
    final class Note {
        #Index<Note>([\.title])
        @Attribute(.unique) var title: String
        @Attribute(.unique) var slug: String?
        var text: String
        var isPinned: Bool = false
        var tag: String?
        var folder: Folder?

        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }

    @Model
    final class Folder {
        var name: String
        @Relationship(inverse: \Note.folder) var notes: [Note] = []

        init(name: String) {
            self.name = name
        }
    }
}

enum NotesUniquePlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [NotesSchemaV1.self, NotesSchemaV2.self, NotesSchemaV4.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self),
        .lightweight(fromVersion: NotesSchemaV2.self, toVersion: NotesSchemaV4.self),
    ]
}

/// The first version's notes with a title of another type: no lightweight change.
enum NotesRetyped {
    @Model
    final class Note {
        var title: Int
        var body: String

        init(title: Int, body: String) {
            self.title = title
            self.body = body
        }
    }
}

enum NotesLightweightPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [NotesSchemaV1.self, NotesSchemaV2.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)]
}

enum NotesCustomPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [NotesSchemaV1.self, NotesSchemaV2.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self, willMigrate: nil,
            didMigrate: { context in
                for note in try context.fetch(FetchDescriptor<NotesSchemaV2.Note>()) { note.tag = "migrated" }
                try context.save()
            })
    ]
}

enum NotesToV3Plan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [NotesSchemaV1.self, NotesSchemaV2.self, NotesSchemaV3.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self),
        .lightweight(fromVersion: NotesSchemaV2.self, toVersion: NotesSchemaV3.self),
    ]
}

enum NotesV1OnlyPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [NotesSchemaV1.self]
    static let stages: [MigrationStage] = []
}

/// `VersionedSchema` and `SchemaMigrationPlan` on PostgreSQL, against the SQLite store as the
/// oracle: the same plan on the same notes gives the same models, and the same refusals.
@Suite("PostgreSQL store: migrations")
struct PostgresMigrationTests {
    /// A store of each kind, in a database and a folder of their own.
    struct Stores {
        let url: URL
        let folder = TemporaryFolder(prefix: "PostgresMigration")

        init() async throws {
            url = try #require(URL(string: try await TestPostgres.newDatabase()))
        }

        func postgres<Plan: SchemaMigrationPlan>(_ version: any VersionedSchema.Type, _ plan: Plan.Type?) throws
            -> ModelContainer
        {
            try ModelContainer(
                for: Schema(versionedSchema: version), migrationPlan: plan,
                configurations: PostgresStoreConfiguration(url: url))
        }

        func sqlite<Plan: SchemaMigrationPlan>(_ version: any VersionedSchema.Type, _ plan: Plan.Type?) throws
            -> ModelContainer
        {
            try ModelContainer(
                for: Schema(versionedSchema: version), migrationPlan: plan,
                configurations: ModelConfiguration(url: folder.file("notes.sqlite")))
        }

        /// Three notes of the first version, in both stores.
        func insertFirstVersion() throws {
            for container in [
                try postgres(NotesSchemaV1.self, NotesV1OnlyPlan.self),
                try sqlite(NotesSchemaV1.self, NotesV1OnlyPlan.self),
            ] {
                let context = ModelContext(container)
                for (title, body) in [("groceries", "milk, eggs"), ("ideas", "a bike shed"), ("quote", "it's 'fine'")] {
                    context.insert(NotesSchemaV1.Note(title: title, body: body))
                }
                try context.save()
            }
        }

        /// The columns of the notes' table, as PostgreSQL's catalog lists them.
        func columns(_ table: String = "Note") async throws -> [String] {
            try await query(
                "SELECT column_name::text FROM information_schema.columns WHERE table_schema = 'default' AND table_name = '\(table)' ORDER BY column_name"
            )
        }

        /// The first column of each row of `sql`, as text, read on a connection of its own.
        func query(_ sql: String) async throws -> [String] {
            try await TestPostgres.execute(sql, on: url.absoluteString).map { try $0.decode(String.self) }
        }
    }

    /// A note of the second version as a person reads it.
    private static func describe(_ notes: [NotesSchemaV2.Note]) -> [String] {
        notes.map {
            "\($0.title): \($0.text) pinned \($0.isPinned) tag \($0.tag ?? "-") folder \($0.folder?.name ?? "-")"
        }
        .sorted()
    }

    @Test(
        "a lightweight stage: a renamed attribute keeps its values, new ones take their default or nil, a new entity and index come"
    )
    func lightweightStage() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        var answers: [[String]] = []
        for container in [
            try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self),
            try stores.sqlite(NotesSchemaV2.self, NotesLightweightPlan.self),
        ] {
            let context = ModelContext(container)
            let notes = try context.fetch(FetchDescriptor<NotesSchemaV2.Note>())
            let folder = NotesSchemaV2.Folder(name: "home")
            context.insert(folder)
            notes.first { $0.title == "groceries" }?.folder = folder
            notes.first { $0.title == "ideas" }?.tag = "later"
            try context.save()
            answers.append(Self.describe(try ModelContext(container).fetch(FetchDescriptor<NotesSchemaV2.Note>())))
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].contains("quote: it's 'fine' pinned false tag - folder -"))
        #expect(answers[0].contains("groceries: milk, eggs pinned false tag - folder home"))
        #expect(try await stores.columns() == ["_pk", "folder", "isPinned", "tag", "text", "title"])
        #expect(
            try await stores.query(
                "SELECT indexname::text FROM pg_indexes WHERE tablename = 'Note' AND indexname = 'Note_title_idx'") == [
                    "Note_title_idx"
                ])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["2.0.0"])
        // Opening it again changes nothing.
        _ = try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self)
        #expect(try await stores.columns() == ["_pk", "folder", "isPinned", "tag", "text", "title"])
    }

    @Test("without a plan, the change is inferred as on SQLite")
    func inferred() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        var answers: [[String]] = []
        for container in [
            try stores.postgres(NotesSchemaV2.self, Optional<NotesLightweightPlan.Type>.none),
            try stores.sqlite(NotesSchemaV2.self, Optional<NotesLightweightPlan.Type>.none),
        ] {
            answers.append(Self.describe(try ModelContext(container).fetch(FetchDescriptor<NotesSchemaV2.Note>())))
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].count == 3)
    }

    @Test(
        "a new non-optional attribute without a default is refused while notes exist, as on SQLite, and changes nothing"
    )
    func refusedWhileRowsExist() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        _ = try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self)
        _ = try stores.sqlite(NotesSchemaV2.self, NotesLightweightPlan.self)
        var refusals: [String] = []
        for open in [
            { try stores.postgres(NotesSchemaV3.self, NotesToV3Plan.self) },
            { try stores.sqlite(NotesSchemaV3.self, NotesToV3Plan.self) },
        ] {
            do {
                _ = try open()
                Issue.record("the migration to version 3 was not refused")
            } catch let error as SwiftDataError {
                guard case .refusedChange(let entity, let property, _, _)? = error.cause else {
                    Issue.record("refused with \(error), not a refused change")
                    continue
                }
                refusals.append("\(entity).\(property ?? "-")")
            }
        }
        #expect(refusals == ["Note.priority", "Note.priority"])
        #expect(try await stores.columns() == ["_pk", "folder", "isPinned", "tag", "text", "title"])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["2.0.0"])
        #expect(
            try ModelContext(try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self)).fetchCount(
                FetchDescriptor<NotesSchemaV2.Note>()) == 3)
    }

    @Test("a new unique attribute over values two notes hold is refused, as on SQLite, and no version's change is kept")
    func uniqueOverDuplicates() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        for container in [
            try stores.postgres(NotesSchemaV1.self, NotesV1OnlyPlan.self),
            try stores.sqlite(NotesSchemaV1.self, NotesV1OnlyPlan.self),
        ] {
            let context = ModelContext(container)
            context.insert(NotesSchemaV1.Note(title: "ideas", body: "a second one"))
            try context.save()
        }
        var refusals: [String] = []
        for open in [
            { try stores.postgres(NotesSchemaV4.self, NotesUniquePlan.self) },
            { try stores.sqlite(NotesSchemaV4.self, NotesUniquePlan.self) },
        ] {
            let error = try #require(throws: SwiftDataError.self) { try open() }
            guard case .refusedChange(let entity, let property, _, _)? = error.cause else {
                Issue.record("refused with \(error), not a refused change")
                continue
            }
            refusals.append("\(entity).\(property ?? "-")")
        }
        #expect(refusals == ["Note.title", "Note.title"])
        // The first step (version 2) was in the same transaction: rolled back with it.
        #expect(try await stores.columns() == ["_pk", "body", "title"])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["1.0.0"])
    }

    @Test(
        "a new unique attribute over distinct values becomes a unique constraint, and a new note of a stored title updates it"
    )
    func uniqueAdded() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        let container = try stores.postgres(NotesSchemaV4.self, NotesUniquePlan.self)
        #expect(
            try await stores.query(
                "SELECT conname::text FROM pg_constraint WHERE contype = 'u' AND conrelid = '\"default\".\"Note\"'::regclass ORDER BY conname"
            ) == ["Note_slug_key", "Note_title_key"])
        let context = ModelContext(container)
        context.insert(NotesSchemaV4.Note(title: "ideas", text: "a better one"))
        try context.save()
        let ideas = try ModelContext(container).fetch(
            FetchDescriptor<NotesSchemaV4.Note>(predicate: #Predicate { $0.title == "ideas" }))
        #expect(ideas.map(\.text) == ["a better one"])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<NotesSchemaV4.Note>()) == 3)
    }

    @Test("an attribute whose type changed is refused without a plan, as on SQLite, and changes nothing")
    func typeChangeRefused() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        var refusals: [String] = []
        let configurations: [any DataStoreConfiguration] = [
            PostgresStoreConfiguration(url: stores.url), ModelConfiguration(url: stores.folder.file("notes.sqlite")),
        ]
        for configuration in configurations {
            let error = try #require(throws: SwiftDataError.self) {
                try ModelContainer(for: Schema([NotesRetyped.Note.self]), configurations: [configuration])
            }
            guard case .refusedChange(let entity, let property, _, _)? = error.cause else {
                Issue.record("refused with \(error), not a refused change")
                continue
            }
            refusals.append("\(entity).\(property ?? "-")")
        }
        #expect(refusals == ["Note.title", "Note.title"])
        #expect(try await stores.columns() == ["_pk", "body", "title"])
    }

    @Test("two versions at once, from the first: the tables go through the second to the third when no note is stored")
    func throughEveryVersion() async throws {
        let stores = try await Stores()
        _ = try stores.postgres(NotesSchemaV1.self, NotesV1OnlyPlan.self)
        let context = ModelContext(try stores.postgres(NotesSchemaV3.self, NotesToV3Plan.self))
        context.insert(NotesSchemaV3.Note(title: "t", text: "x", priority: 2))
        try context.save()
        #expect(try await stores.columns() == ["_pk", "folder", "isPinned", "priority", "tag", "text", "title"])
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["3.0.0"])
    }

    @Test("a custom stage's didMigrate runs once the stage's changes (a renamed attribute) are made, as on SQLite")
    func customStageAfterItsChanges() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        let answers = try [
            stores.postgres(NotesSchemaV2.self, NotesCustomPlan.self),
            stores.sqlite(NotesSchemaV2.self, NotesCustomPlan.self),
        ].map { Self.describe(try ModelContext($0).fetch(FetchDescriptor<NotesSchemaV2.Note>())) }
        #expect(answers[0] == answers[1])
        #expect(answers[0].count == 3 && answers[0].allSatisfy { $0.contains("tag migrated") }, "\(answers[0])")
        #expect(
            try await stores.query("SELECT value FROM \"default\"._openswiftdata_metadata WHERE key = 'schemaVersion'")
                == ["2.0.0"])
    }

    @Test("tables of a version newer than the plan's latest are refused, as a newer SQLite store is")
    func newerRefused() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        _ = try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self)
        let error = try #require(throws: SwiftDataError.self) {
            try stores.postgres(NotesSchemaV1.self, NotesV1OnlyPlan.self)
        }
        guard case .storeIsNewer(_, let stored, let latest)? = error.cause else {
            Issue.record("refused with \(error)")
            return
        }
        #expect(stored == "2.0.0" && latest == "1.0.0")
    }

    @Test("containers of the new version opened at once: one migrates, the others find the tables migrated")
    func openedAtOnce() async throws {
        let stores = try await Stores()
        try stores.insertFirstVersion()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await BlockingWork.run {
                        try ModelContext(try stores.postgres(NotesSchemaV2.self, NotesLightweightPlan.self))
                            .fetchCount(FetchDescriptor<NotesSchemaV2.Note>())
                    }
                }
            }
            for try await count in group { #expect(count == 3) }
        }
        #expect(try await stores.columns() == ["_pk", "folder", "isPinned", "tag", "text", "title"])
    }
}
