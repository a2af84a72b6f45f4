import Foundation
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@Suite("ModelContext helpers shared by the contexts")
struct ModelContextHelpersTests {
    func makeContext(_ types: [any PersistentModel.Type]) throws -> ModelContext {
        ModelContext(
            try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)]))
    }

    @Test("fetchFirst returns one match or nil")
    func fetchFirst() throws {
        let context = try makeContext([CachedMovie.self])
        #expect(try context.fetchFirst(FetchDescriptor<CachedMovie>()) == nil)
        for id in [3, 1, 2] { context.insert(CachedMovie(movieID: id, title: "m\(id)")) }
        try context.save()
        let first = try context.fetchFirst(FetchDescriptor<CachedMovie>(sortBy: [SortDescriptor(\.movieID)]))
        #expect(first?.movieID == 1)
    }

    @Test("replace deletes what matches and inserts the new model in one save")
    func replace() throws {
        let context = try makeContext([CachedMovie.self])
        context.insert(CachedMovie(movieID: 7, title: "old"))
        context.insert(CachedMovie(movieID: 8, title: "other"))
        try context.save()
        try context.replace(
            FetchDescriptor<CachedMovie>(predicate: #Predicate { $0.movieID == 7 }),
            with: CachedMovie(movieID: 7, title: "new"))
        let titles = try context.fetch(FetchDescriptor<CachedMovie>(sortBy: [SortDescriptor(\.movieID)])).map(\.title)
        #expect(titles == ["new", "other"])
        #expect(!context.hasChanges)
    }

    @Test("a replace whose save fails rolls back: the old model stays and nothing is pending")
    func replaceRollsBack() throws {
        let context = try makeContext([Shelf.self, Book.self])
        let shelf = Shelf(label: "kept")
        context.insert(shelf)
        shelf.books = [Book(title: "holds the shelf")]
        try context.save()
        #expect(throws: SwiftDataError.self) {
            try context.replace(FetchDescriptor<Shelf>(), with: Shelf(label: "new"))
        }
        #expect(!context.hasChanges)
        #expect(try context.fetch(FetchDescriptor<Shelf>()).map(\.label) == ["kept"])
    }

    @Test("saveOrRollback saves what the changes did and returns their value")
    func saveOrRollbackSaves() throws {
        let context = try makeContext([CachedMovie.self])
        context.insert(CachedMovie(movieID: 1, title: "gone"))
        try context.save()
        let removed = try context.saveOrRollback {
            let matching = try context.fetch(FetchDescriptor<CachedMovie>())
            for movie in matching { context.delete(movie) }
            return matching.count
        }
        #expect(removed == 1)
        #expect(!context.hasChanges)
        #expect(try context.fetchCount(FetchDescriptor<CachedMovie>()) == 0)
    }

    @Test("a delete whose save fails is rolled back: nothing is pending, and the next save does not write it")
    func saveOrRollbackRollsBackAFailedSave() throws {
        let context = try makeContext([Shelf.self, Book.self, CachedMovie.self])
        let shelf = Shelf(label: "kept")
        context.insert(shelf)
        shelf.books = [Book(title: "holds the shelf")]
        try context.save()
        #expect(throws: SwiftDataError.self) {
            try context.saveOrRollback { context.delete(shelf) }
        }
        #expect(!context.hasChanges)
        context.insert(CachedMovie(movieID: 2, title: "a later write"))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Shelf>()).map(\.label) == ["kept"])
    }

    @Test("changes that throw are rolled back, and their error is rethrown")
    func saveOrRollbackRollsBackThrowingChanges() throws {
        struct Interrupted: Error {}
        let context = try makeContext([CachedMovie.self])
        #expect(throws: Interrupted.self) {
            try context.saveOrRollback {
                context.insert(CachedMovie(movieID: 3, title: "never saved"))
                throw Interrupted()
            }
        }
        #expect(!context.hasChanges)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<CachedMovie>()) == 0)
    }

    @Test("keepOne inserts when there is none, and then finds the one")
    func keepOneInserts() throws {
        let context = try makeContext([HistoryEntry.self])
        func add() throws -> HistoryEntry {
            try context.keepOne(
                matching: { try $0.fetch(FetchDescriptor<HistoryEntry>(predicate: #Predicate { $0.mediaID == 5 })) },
                orInsert: { HistoryEntry(mediaID: 5, timestamp: Date(timeIntervalSinceReferenceDate: 1)) },
                preferring: { _, _ in false })
        }
        let first = try add()
        let second = try add()
        #expect(first.persistentModelID == second.persistentModelID)
        #expect(try context.fetchCount(FetchDescriptor<HistoryEntry>()) == 1)
    }

    @Test("keepOne folds duplicates into the preferred one, ties going to the oldest row, and merges them")
    func keepOneFolds() throws {
        let context = try makeContext([HistoryEntry.self])
        let dates = [30.0, 10, 10, 20].map { Date(timeIntervalSinceReferenceDate: $0) }
        let entries = dates.map { HistoryEntry(mediaID: 9, timestamp: $0) }
        for entry in entries { context.insert(entry) }
        context.insert(HistoryEntry(mediaID: 1))
        try context.save()
        var folded: [Date?] = []
        let survivor = try context.keepOne(
            matching: { try $0.fetch(FetchDescriptor<HistoryEntry>(predicate: #Predicate { $0.mediaID == 9 })) },
            orInsert: { HistoryEntry(mediaID: 9) },
            preferring: { ($0.timestamp ?? .distantFuture) < ($1.timestamp ?? .distantFuture) },
            merge: { _, others in folded = others.map(\.timestamp) })
        #expect(
            survivor.persistentModelID == entries[1].persistentModelID, "the earliest, and of two equal the older row")
        #expect(folded == [dates[2], dates[3], dates[0]])
        #expect(try context.fetchCount(FetchDescriptor<HistoryEntry>()) == 2)
        #expect(!context.hasChanges)
    }

    @Test("firstOfEachKey keeps each key's first element, in order")
    func firstOfEachKey() {
        let values = [(1, "a"), (2, "b"), (1, "c"), (3, "d"), (2, "e")]
        #expect(values.firstOfEachKey(\.0).map(\.1) == ["a", "b", "d"])
        #expect([Int]().firstOfEachKey { $0 }.isEmpty)
    }
}

@Suite("keepOne when matching cannot find what it inserts")
struct KeepOneMisuseTests {
    @Test("it throws, after trying twice, and leaves nothing pending")
    func matchingNeverFinds() throws {
        let context = ModelContext(
            try ModelContainer(
                for: Schema([HistoryEntry.self]), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)]))
        #expect(throws: KeepOneFailure.self) {
            try context.keepOne(
                matching: { try $0.fetch(FetchDescriptor<HistoryEntry>(predicate: #Predicate { $0.mediaID == 1 })) },
                orInsert: { HistoryEntry(mediaID: 2) },
                preferring: { _, _ in false })
        }
        #expect(!context.hasChanges)
        #expect(try context.fetchCount(FetchDescriptor<HistoryEntry>()) == 2, "each round's insert was saved")
    }
}
