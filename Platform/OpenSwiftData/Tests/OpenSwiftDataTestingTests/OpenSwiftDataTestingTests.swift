import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import Testing

enum NotesV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self]

    @Model
    final class Note {
        var text: String?
        var createdAt: Date?

        init(text: String) { self.text = text }
    }
}

enum NotesV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self]

    @Model
    final class Note {
        var text: String?
        var createdAt: Date?
        var pinned: Bool = false

        init(text: String) { self.text = text }
    }
}

enum NotesV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self]

    @Model
    final class Note {
        var text: String?
        var createdAt: Date?
        var pinned: Bool = false
        var wordCount: Int

        init(text: String, wordCount: Int) {
            self.text = text
            self.wordCount = wordCount
        }
    }
}

enum NotesPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [NotesV1.self, NotesV2.self, NotesV3.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self),
        .custom(
            fromVersion: NotesV2.self, toVersion: NotesV3.self, willMigrate: nil,
            didMigrate: { context in
                for note in try context.fetch(FetchDescriptor<NotesV3.Note>()) {
                    note.wordCount = note.text?.split(separator: " ").count ?? 0
                }
                try context.save()
            }),
    ]
}

/// Version 1.0.0 changed after shipping: the mistake the snapshot check catches.
enum NotesV1ChangedAfterShipping: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Note.self]

    @Model
    final class Note {
        var text: String?
        var createdAt: Date?
        var archived: Bool?

        init(text: String) { self.text = text }
    }
}

let snapshotsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")

@Suite("OpenSwiftDataTesting")
struct OpenSwiftDataTestingTests {
    @Test("every older version migrates to the latest with its rows")
    func everyVersion() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "osd-testing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var checked: [String] = []
        try MigrationTesting.checkEveryVersionMigrates(
            plan: NotesPlan.self, in: folder,
            seed: { version, context in
                if version == NotesV1.self {
                    context.insert(NotesV1.Note(text: "one two three"))
                } else {
                    context.insert(NotesV2.Note(text: "four five"))
                }
            },
            verify: { version, container in
                let notes = try MigrationTesting.fetchAll(NotesV3.Note.self, in: container)
                checked.append("\(version.versionIdentifier)")
                #expect(notes.count == 1)
                #expect(notes.first?.wordCount == (version == NotesV1.self ? 3 : 2))
                #expect(container.migrationReport?.storeVersion == version.versionIdentifier)
            })
        #expect(checked == ["1.0.0", "2.0.0"])
    }

    @Test("the committed snapshot of a shipped version matches its models")
    func snapshotMatches() throws {
        try SchemaSnapshotCheck.verify(NotesV1.self, against: snapshotsFolder.appending(path: "NotesV1.json"))
    }

    @Test("changing a shipped model without a new version fails the snapshot check")
    func snapshotMismatch() throws {
        #expect {
            try SchemaSnapshotCheck.verify(
                NotesV1ChangedAfterShipping.self, against: snapshotsFolder.appending(path: "NotesV1.json"))
        } throws: { error in
            guard let mismatch = error as? SchemaSnapshotCheck.Mismatch else { return false }
            return mismatch.differences == ["Note.archived was added"]
                && mismatch.description.contains("add a new VersionedSchema")
        }
    }

    @Test("a missing snapshot is recorded and reported")
    func snapshotRecorded() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "osd-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "NotesV2.json")
        #expect(throws: SchemaSnapshotCheck.Recorded.self) {
            try SchemaSnapshotCheck.verify(NotesV2.self, against: url, environment: [:])
        }
        try SchemaSnapshotCheck.verify(NotesV2.self, against: url, environment: [:])
        let snapshot = try SchemaSnapshot(json: Data(contentsOf: url))
        #expect(snapshot == SchemaSnapshot(NotesV2.self))
        #expect(snapshot.version == Schema.Version(2, 0, 0))
    }
}
