import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class Record {
    var title: String
    @Relationship(deleteRule: .noAction, inverse: \Song.record) var songs: [Song] = []

    init(title: String) { self.title = title }
}

@Model
final class Song {
    var name: String
    var record: Record?

    init(name: String) { self.name = name }
}

/// `.noAction`: "a rule that doesn't make changes to any connected models" (SwiftData's
/// `Schema.Relationship.DeleteRule.noAction`): the delete leaves the related models as they
/// are until it is saved. The save removes the deleted row and every reference to it from
/// the store; OpenSwiftData then shows the related models as the store has them, without the
/// deleted model (SwiftData leaves a reference to a model whose row is gone, which faults
/// when read: a documented divergence, for safety). An undo of the delete links them again,
/// in the store too.
struct NoActionTests {
    private let types: [any PersistentModel.Type] = [Record.self, Song.self]

    private func setUp(_ folder: TemporaryFolder) throws -> ModelContainer {
        let container = try makeContainer(types, folder: folder)
        let context = ModelContext(container)
        let record = Record(title: "Blue")
        context.insert(record)
        let song = Song(name: "River")
        context.insert(song)
        song.record = record
        try context.save()
        return container
    }

    private func storedRecordOfSong(_ folder: TemporaryFolder) throws -> Int64? {
        try readStoreFile(folder.file("store.sqlite")) { db in try Int64?.fetchOne(db, sql: "SELECT record FROM Song") }
            ?? nil
    }

    @Test("after the delete is saved, the related model no longer shows the deleted model")
    func savedDeleteLeavesNoLink() throws {
        let folder = TemporaryFolder()
        let container = try setUp(folder)
        let context = ModelContext(container)
        let song = try #require(try context.fetch(FetchDescriptor<Song>()).first)
        let record = try #require(song.record)
        #expect(record.songs.count == 1)
        context.delete(record)
        #expect(song.record === record)
        try context.save()
        #expect(song.record == nil)
        #expect(try storedRecordOfSong(folder) == nil)
    }

    @Test("undo of the saved delete links the related model again, in the store too")
    func undoRestoresTheStoredLink() throws {
        let folder = TemporaryFolder()
        let container = try setUp(folder)
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let song = try #require(try context.fetch(FetchDescriptor<Song>()).first)
        let record = try #require(song.record)
        _ = record.songs
        context.delete(record)
        try context.save()
        undoManager.undo()
        try context.save()
        #expect(song.record === record)
        let reread = try #require(try ModelContext(container).fetch(FetchDescriptor<Song>()).first)
        #expect(reread.record?.title == "Blue")
        #expect(try storedRecordOfSong(folder) != nil)
    }
}
