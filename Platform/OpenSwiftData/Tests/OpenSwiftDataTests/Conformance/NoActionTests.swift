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

    /// Found by the generated sequences (held models compared without a refetch): when the
    /// deleted model had not read its `.noAction` relationship, the related models kept it.
    @Test(
        "after the delete is saved, a held related model no longer shows it, the relationship unread on the deleted side",
        arguments: [true, false])
    func savedDeleteOfUnreadRelationship(relatedReadItsLink: Bool) throws {
        let folder = TemporaryFolder()
        let container = try setUp(folder)
        let context = ModelContext(container)
        let song = try #require(try context.fetch(FetchDescriptor<Song>()).first)
        let record = try #require(try context.fetch(FetchDescriptor<Record>()).first)
        if relatedReadItsLink { #expect(song.record === record) }
        context.delete(record)
        try context.save()
        #expect(song.record == nil)
        #expect(try storedRecordOfSong(folder) == nil)
        song.name = "Lake"
        try context.save()
        #expect(try storedRecordOfSong(folder) == nil)
    }

    /// Found by the generated sequences: the save wrote no link to a model deleted before its
    /// first save, but the context's related models still showed it, and kept doing so.
    @Test("a model deleted before its first save: after the save, related models no longer show it (.noAction, .deny)")
    func unsavedDeleteLeavesNoLink() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(types + [Pet.self, Toy.self, Sitter.self], folder: folder)
        let context = ModelContext(container)
        let record = Record(title: "Blue")
        let song = Song(name: "River")
        context.insert(record)
        context.insert(song)
        song.record = record
        let pet = Pet(name: "Rex")
        let toy = Toy(name: "Ball")
        context.insert(pet)
        context.insert(toy)
        toy.pet = pet
        context.delete(record)
        context.delete(pet)
        try context.save()
        #expect(song.record == nil)
        #expect(toy.pet == nil)
        let fetchedSong = try #require(try context.fetch(FetchDescriptor<Song>()).first)
        #expect(fetchedSong === song && fetchedSong.record == nil)
        song.name = "Lake"
        toy.name = "Bone"
        try context.save()
        let other = ModelContext(container)
        #expect(try other.fetch(FetchDescriptor<Record>()).isEmpty)
        #expect(try other.fetch(FetchDescriptor<Pet>()).isEmpty)
        #expect(try other.fetch(FetchDescriptor<Song>()).map { $0.record == nil } == [true])
        #expect(try other.fetch(FetchDescriptor<Toy>()).map { $0.pet == nil } == [true])
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
