import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import Testing

@Suite("OpenSwiftDataTesting: StoreTampering and StoreColumns")
struct StoreFileHelperTests {
    /// A V1 notes store with one row, in a folder removed afterwards.
    private func withV1Store(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "osd-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: "notes.sqlite")
        try MigrationTesting.writeStore(at: url, version: NotesV1.self) { context in
            context.insert(NotesV1.Note(text: "kept"))
        }
        try body(url)
    }

    @Test("a store made to look newer is inspected and refused as written by a newer version, its rows kept")
    func lookNewer() throws {
        try withV1Store { url in
            try StoreTampering.makeLookNewer(at: url, version: Schema.Version(9, 0, 0), addingColumn: "note")
            #expect(
                StoreFile(url: url).companionURLs.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) },
                "the main file alone holds the change")
            let inspection = StoreFile(url: url).inspect(
                expecting: Schema(versionedSchema: NotesV3.self), migrationPlan: NotesPlan.self)
            #expect(inspection.state == .newer(storeVersion: Schema.Version(9, 0, 0)))
            #expect(inspection.schemaVersion == Schema.Version(9, 0, 0))
            #expect(inspection.entities == [StoreInspection.EntityRows(entity: "Note", rowCount: 1)])
            #expect(try StoreColumns.attributes(ofEntity: "Note", in: url) == ["text", "createdAt", "note"])
            #expect(throws: SwiftDataError.self) {
                try MigrationTesting.openMigrated(at: url, plan: NotesPlan.self)
            }
        }
    }

    @Test("without a column, only the recorded shape and the version change")
    func lookNewerSameColumns() throws {
        try withV1Store { url in
            try StoreTampering.makeLookNewer(at: url, version: Schema.Version(2, 0, 0))
            #expect(
                StoreFile(url: url).inspect(expecting: Schema(versionedSchema: NotesV1.self), migrationPlan: nil).state
                    == .needsMigration(from: Schema.Version(2, 0, 0)))
            #expect(try StoreColumns.attributes(ofEntity: "Note", in: url) == ["text", "createdAt"])
        }
    }

    @Test("StoreColumns reads the columns a migration added, without the primary key")
    func columnsAfterMigration() throws {
        try withV1Store { url in
            #expect(try StoreColumns.attributes(ofEntity: "Note", in: url) == ["text", "createdAt"])
            _ = try MigrationTesting.openMigrated(at: url, plan: NotesPlan.self)
            #expect(
                try StoreColumns.attributes(ofEntity: "Note", in: url) == ["text", "createdAt", "pinned", "wordCount"])
        }
    }

    @Test("shiftLatestHistoryTransaction moves the latest save's recorded time, and only it, in an open store")
    func shiftLatestHistoryTransaction() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "osd-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: "notes.sqlite")
        let container = try ModelContainer(
            for: Schema(versionedSchema: NotesV1.self), configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        for text in ["first", "second"] {
            context.insert(NotesV1.Note(text: text))
            try context.save()
        }
        func times() throws -> [TimeInterval] {
            try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).map {
                $0.timestamp.timeIntervalSince1970
            }
        }
        let before = try times()
        try StoreTampering.shiftLatestHistoryTransaction(at: url, by: 86_400)
        let after = try times()
        #expect(after.count == 2 && before.count == 2)
        #expect(after.first == before.first)
        #expect(after.last == before.last.map { $0 + 86_400 })
        // A save by another author since (a sync engine's, another process's) is passed over.
        let engine = ModelContext(container)
        engine.author = "engine"
        engine.insert(NotesV1.Note(text: "third"))
        try engine.save()
        try StoreTampering.shiftLatestHistoryTransaction(at: url, by: 86_400, passingOver: "engine")
        let passedOver = try times()
        #expect(passedOver.count == 3)
        #expect(passedOver[0] == after[0])
        #expect(passedOver[1] == after[1] + 86_400)
    }
}
