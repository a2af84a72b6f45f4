import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("StoreFile.copyRows: the rows of a store of the same schema, added in one transaction")
struct StoreRowCopyTests {
    typealias Fixtures = StoreFileFixtures

    @Test("every row is added with a new key above any key the store has given")
    func copies() throws {
        let folder = TemporaryFolder()
        let source = folder.file("legacy.sqlite")
        let destination = folder.file("current.sqlite")
        try Fixtures.writeV1(source, ids: [1, 2, 3])
        do {
            let container = try ModelContainer(
                for: Fixtures.schemaV1, migrationPlan: WatchlistV1OnlyPlan.self,
                configurations: [ModelConfiguration(url: destination)])
            try Fixtures.insert([10, 20], into: container)
            // The row with the highest key goes: its key must never be given again.
            let context = ModelContext(container)
            try context.delete(model: WatchlistV1.WatchlistMovie.self, where: #Predicate { $0.movieID == 20 })
            try context.save()
        }
        #expect(try StoreFile(url: destination).copyRows(from: source) == 3)
        #expect(try Fixtures.movieIDs(at: destination) == [1, 2, 3, 10])
        #expect(try Fixtures.keys(in: "WatchlistMovie", at: destination) == [1, 3, 4, 5])
        #expect(try Fixtures.movieIDs(at: source) == [1, 2, 3], "the source is only read")
        // A model inserted after the copy gets the next key.
        let container = try ModelContainer(
            for: Fixtures.schemaV1, configurations: [ModelConfiguration(url: destination)])
        try Fixtures.insert([99], into: container)
        #expect(try Fixtures.keys(in: "WatchlistMovie", at: destination) == [1, 3, 4, 5, 6])
    }

    @Test("stores of different entities are refused, and nothing is written")
    func differentEntities() throws {
        let folder = TemporaryFolder()
        let source = folder.file("legacy.sqlite")
        let destination = folder.file("current.sqlite")
        _ = try makeContainer([SearchMediaSearchHistoryEntryEntity.self], folder: folder, name: "legacy.sqlite")
        try Fixtures.writeV1(destination, ids: [1])
        let before = try fileBytes(destination)
        #expect {
            try StoreFile(url: destination).copyRows(from: source)
        } throws: { error in
            guard case .rowsNotCopied(let from, let into, let reason) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return from == source.path && into == destination.path && reason.contains("entities differ")
                && "\(error)".contains("Nothing was written")
        }
        #expect(try fileBytes(destination) == before)
    }

    @Test("entities with relationships are copied with their links")
    func relationships() throws {
        let folder = TemporaryFolder()
        for name in ["legacy.sqlite", "current.sqlite"] {
            let container = try makeContainer([Trip.self], folder: folder, name: name)
            let context = ModelContext(container)
            context.insert(Trip(name: name))
            try context.save()
        }
        #expect(try StoreFile(url: folder.file("current.sqlite")).copyRows(from: folder.file("legacy.sqlite")) > 0)
        let context = ModelContext(try makeContainer([Trip.self], folder: folder, name: "current.sqlite"))
        #expect(Set(try context.fetch(FetchDescriptor<Trip>()).map(\.name)) == ["legacy.sqlite", "current.sqlite"])
    }

    @Test("a source that is not a model store, or no store at all, is refused")
    func notAStore() throws {
        let folder = TemporaryFolder()
        let destination = folder.file("current.sqlite")
        try Fixtures.writeV1(destination, ids: [1])
        let foreign = folder.file("foreign.sqlite")
        try DatabaseQueue(path: foreign.path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        for source in [foreign, folder.file("missing.sqlite")] {
            #expect {
                try StoreFile(url: destination).copyRows(from: source)
            } throws: { error in
                guard case .rowsNotCopied = (error as? SwiftDataError)?.cause else { return false }
                return true
            }
        }
        #expect(try Fixtures.movieIDs(at: destination) == [1])
    }
}
