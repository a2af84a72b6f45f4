import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class BulkShelf {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \BulkBook.shelf) var books: [BulkBook] = []

    init(name: String) { self.name = name }
}

@Model
final class BulkBook {
    @Attribute(.preserveValueOnDeletion) var title: String
    var year: Int
    var shelf: BulkShelf?
    @Relationship(deleteRule: .cascade, inverse: \BulkPage.book) var pages: [BulkPage] = []
    @Relationship(deleteRule: .deny, inverse: \BulkLoan.book) var loans: [BulkLoan] = []
    @Attribute(.externalStorage) var cover: Data?

    init(title: String, year: Int, shelf: BulkShelf? = nil) {
        self.title = title
        self.year = year
        self.shelf = shelf
    }
}

@Model
final class BulkPage {
    var number: Int
    var book: BulkBook?

    init(number: Int) { self.number = number }
}

@Model
final class BulkLoan {
    var borrower: String
    var book: BulkBook?

    init(borrower: String) { self.borrower = borrower }
}

/// A reader cannot be without a favourite book: the relationship is not optional.
@Model
final class BulkReader {
    var name: String
    var favorite: BulkBook

    init(name: String, favorite: BulkBook) {
        self.name = name
        self.favorite = favorite
    }
}

private let bulkTypes: [any PersistentModel.Type] = [
    BulkShelf.self, BulkBook.self, BulkPage.self, BulkLoan.self, BulkReader.self,
]

/// `delete(model:where:)` with a predicate SQL can run: the rows go in SQL when it is
/// called, as SwiftData's batch delete writes to the store, never read as models, with
/// their delete rules, history, files and the context's models kept in step.
struct BulkDeleteTests {
    /// Two shelves of `count` books each, books of odd index before 2000, each with two pages.
    private func fill(_ container: ModelContainer, count: Int = 20) throws {
        let context = ModelContext(container)
        for shelfName in ["A", "B"] {
            let shelf = BulkShelf(name: shelfName)
            context.insert(shelf)
            for index in 0..<count {
                let book = BulkBook(title: "\(shelfName)\(index)", year: index % 2 == 0 ? 2010 : 1990, shelf: shelf)
                context.insert(book)
                for number in 1...2 {
                    let page = BulkPage(number: number)
                    context.insert(page)
                    page.book = book
                }
            }
        }
        try context.save()
    }

    private func count<T: PersistentModel>(_ type: T.Type, _ container: ModelContainer) throws -> Int {
        try ModelContext(container).fetchCount(FetchDescriptor<T>())
    }

    @Test("the matching rows go at the call, without a model made for any of them")
    func noModelIsRead() throws {
        let container = try makeInMemoryContainer(bulkTypes)
        try fill(container)
        let context = ModelContext(container)
        try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2000 })
        #expect(!context.hasChanges)
        #expect(context.deletedModelsArray.isEmpty)
        #expect(context.core.identityMap.count == 0)
        #expect(try count(BulkBook.self, container) == 20)
        let left = try ModelContext(container).fetch(FetchDescriptor<BulkBook>())
        #expect(left.count == 20)
        #expect(left.allSatisfy { $0.year == 2010 })
        // Each deleted book's pages went with it (`.cascade`).
        #expect(try count(BulkPage.self, container) == 40)
    }

    @Test("cascades reach every level, and a rollback does not bring the rows back")
    func cascadeAndRollback() throws {
        let container = try makeInMemoryContainer(bulkTypes)
        try fill(container)
        let context = ModelContext(container)
        try context.delete(model: BulkShelf.self, where: #Predicate { $0.name == "A" })
        context.rollback()
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetch(FetchDescriptor<BulkShelf>()).map(\.name) == ["B"])
        #expect(try ModelContext(container).fetch(FetchDescriptor<BulkBook>()).allSatisfy { $0.shelf?.name == "B" })
        #expect(try count(BulkBook.self, container) == 20)
        #expect(try count(BulkPage.self, container) == 40)
    }

    @Test("a .deny rule with a remaining target fails the call, which deletes nothing")
    func denyRule() throws {
        let container = try makeInMemoryContainer(bulkTypes)
        try fill(container, count: 4)
        let setUp = ModelContext(container)
        let book = try #require(
            try setUp.fetch(FetchDescriptor<BulkBook>(predicate: #Predicate { $0.title == "A1" })).first)
        let loan = BulkLoan(borrower: "Ann")
        setUp.insert(loan)
        loan.book = book
        try setUp.save()

        let context = ModelContext(container)
        expectCause(.deleteDenied(entity: "BulkBook", relationship: "loans", count: 1)) {
            try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2000 })
        }
        #expect(!context.hasChanges)
        #expect(try count(BulkBook.self, container) == 8)
        // With the loan deleted first, nothing denies.
        try context.delete(model: BulkLoan.self)
        try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2000 })
        #expect(try count(BulkBook.self, container) == 4)
        #expect(try count(BulkLoan.self, container) == 0)
    }

    @Test("a row left without the target of a relationship that is not optional fails the call")
    func requiredReference() throws {
        let container = try makeInMemoryContainer(bulkTypes)
        let setUp = ModelContext(container)
        let book = BulkBook(title: "Dune", year: 1965)
        setUp.insert(book)
        setUp.insert(BulkReader(name: "Paul", favorite: book))
        try setUp.save()

        let context = ModelContext(container)
        expectCause(.requiredRelationshipMissing(entity: "BulkReader", relationship: "favorite", target: "BulkBook")) {
            try context.delete(model: BulkBook.self)
        }
        #expect(try count(BulkBook.self, container) == 1)
        try context.delete(model: BulkReader.self)
        try context.delete(model: BulkBook.self)
        #expect(try count(BulkBook.self, container) == 0)
    }

    @Test("references to deleted rows are cleared: to-one columns and join-table rows")
    func referencesAreCleared() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let setUp = ModelContext(container)
        let guide = Guide(name: "Ida")
        let tag = Tag(label: "sea")
        let trip = Trip(name: "Crete")
        setUp.insert(guide)
        setUp.insert(tag)
        setUp.insert(trip)
        trip.guide = guide
        trip.tags = [tag]
        try setUp.save()

        let context = ModelContext(container)
        try context.delete(model: Guide.self)
        try context.delete(model: Tag.self, where: #Predicate { $0.label == "sea" })
        try context.save()
        let read = try #require(try ModelContext(container).fetch(FetchDescriptor<Trip>()).first)
        #expect(read.guide == nil)
        #expect(read.tags.isEmpty)
        let joinRows = try readSQL(container) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Tag_trips") }
        #expect(joinRows == 0)

        // The trip lost its guide and its tag: each deletion's history says so, as it would
        // for a model whose relationships a deletion changed.
        let history = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.count == 3)
        var updated: [PartialKeyPath<Trip>] = []
        for change in history.dropFirst().flatMap(\.changes) {
            if case .update(let update) = change, let tripUpdate = update as? DefaultHistoryUpdate<Trip> {
                #expect(tripUpdate.changedPersistentIdentifier == read.persistentModelID)
                updated += tripUpdate.updatedAttributes
            }
        }
        #expect(Set(updated) == [\Trip.guide, \Trip.tags])
    }

    @Test("the history records each deleted row, with its preserved values")
    func history() throws {
        let container = try makeInMemoryContainer(bulkTypes)
        try fill(container, count: 4)
        let context = ModelContext(container)
        try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2000 })
        try context.save()
        let transactions = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        let last = try #require(transactions.last)
        var titles: [String] = []
        var pages = 0
        for change in last.changes {
            guard case .delete(let deletion) = change else { continue }
            if let book = deletion as? DefaultHistoryDelete<BulkBook> {
                if let title = book.tombstone[\.title] { titles.append(title) }
            } else if deletion is DefaultHistoryDelete<BulkPage> {
                pages += 1
            }
        }
        #expect(titles.sorted() == ["A1", "A3", "B1", "B3"])
        #expect(pages == 8)
    }

    @Test("the files of deleted rows' external values are removed when the save commits")
    func externalFiles() throws {
        let folder = TemporaryFolder()
        let url = folder.file("books.sqlite")
        let container = try ModelContainer(for: Schema(bulkTypes), configurations: [ModelConfiguration(url: url)])
        let setUp = ModelContext(container)
        for index in 0..<4 {
            let book = BulkBook(title: "b\(index)", year: 1990 + index * 10)
            book.cover = Data(repeating: UInt8(index), count: 200_000)
            setUp.insert(book)
        }
        try setUp.save()
        #expect(ExternalDataFolder(storeURL: url).fileNames().count == 4)
        let context = ModelContext(container)
        try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2010 })
        try context.save()
        #expect(ExternalDataFolder(storeURL: url).fileNames().count == 2)
        let covers = try ModelContext(container).fetch(FetchDescriptor<BulkBook>(sortBy: [SortDescriptor(\.year)]))
            .map(\.cover)
        #expect(covers == [Data(repeating: 2, count: 200_000), Data(repeating: 3, count: 200_000)])
    }

    @Test("changed and inserted models are decided on their current values; unchanged ones leave with their rows")
    func heldModels() throws {
        let container = try makeInMemoryContainer(bulkTypes)
        try fill(container, count: 4)
        let context = ModelContext(container)
        let books = try context.fetch(FetchDescriptor<BulkBook>(sortBy: [SortDescriptor(\.title)]))
        let a0 = books[0]  // 2010
        let a1 = books[1]  // 1990, unchanged
        let a2 = books[2]  // 2010, changed to 1980
        let a3 = books[3]  // 1990, changed to 2020
        a2.year = 1980
        a3.year = 2020
        let shelfB = try #require(
            try context.fetch(FetchDescriptor<BulkShelf>(predicate: #Predicate { $0.name == "B" })).first)
        #expect(shelfB.books.count == 4)
        let pageOfA1 = try #require(a1.pages.first)
        let inserted = BulkBook(title: "new", year: 1900)
        context.insert(inserted)

        try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2000 })
        #expect(a2.isDeleted)
        #expect(!a3.isDeleted)
        #expect(!a0.isDeleted)
        #expect(inserted.modelContext == nil)
        // Unchanged, A1 went with its row, as a model whose deletion was saved; changed, A2
        // goes at the save, with its two pages (`.cascade`).
        #expect(a1.modelContext == nil)
        #expect(a2.modelContext === context)
        #expect(context.deletedModelsArray.count == 3)
        try context.save()

        #expect(a2.modelContext == nil)
        #expect(a3.modelContext === context)
        #expect(a0.modelContext === context)
        // A page of a deleted book went by cascade, in SQL; its model leaves the context.
        #expect(pageOfA1.modelContext == nil)
        // A loaded relationship is read again without the deleted rows.
        #expect(Set(shelfB.books.map(\.title)) == ["B0", "B2"])
        let stored = try ModelContext(container).fetch(FetchDescriptor<BulkBook>(sortBy: [SortDescriptor(\.title)]))
        #expect(stored.map(\.title) == ["A0", "A3", "B0", "B2"])
        #expect(stored.first { $0.title == "A3" }?.year == 2020)
    }

    @Test("without subclasses, only rows of the entity itself go")
    func withoutSubclasses() throws {
        let container = try makeInMemoryContainer([Vehicle.self, Truck.self])
        let setUp = ModelContext(container)
        setUp.insert(Vehicle(plate: "V1"))
        setUp.insert(Vehicle(plate: "V2"))
        setUp.insert(Truck(plate: "T1", fleetNumber: 1, payload: 3))
        try setUp.save()
        let context = ModelContext(container)
        try context.delete(model: Vehicle.self, where: #Predicate { $0.plate != "V2" }, includeSubclasses: false)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Vehicle>()).map(\.plate).sorted() == ["T1", "V2"])
        try context.delete(model: Vehicle.self)
        try context.save()
        #expect(try count(Vehicle.self, container) == 0)
        #expect(try count(Truck.self, container) == 0)
    }
}

/// The main context learns of another context's bulk deletion.
@MainActor
struct BulkDeleteMergeTests {
    @Test("a model the main context holds leaves it when another context's bulk deletion removes its row")
    func mainContextMerges() async throws {
        let container = try makeInMemoryContainer(bulkTypes)
        let main = container.mainContext
        let kept = BulkBook(title: "kept", year: 2020)
        let gone = BulkBook(title: "gone", year: 1920)
        main.insert(kept)
        main.insert(gone)
        try main.save()
        let context = ModelContext(container)
        try context.delete(model: BulkBook.self, where: #Predicate { $0.year < 2000 })
        try context.save()
        for _ in 0..<200 where gone.modelContext != nil {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(gone.modelContext == nil)
        #expect(kept.modelContext === main)
    }
}
