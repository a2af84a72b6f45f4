import Foundation
import GRDB
import Synchronization
import Testing

@testable import OpenSwiftData

@Model
final class Parcel {
    let code: String
    @Attribute(.preserveValueOnDeletion) var label: String
    var weight: Double
    var note: String?
    var depot: Depot?

    init(code: String, label: String, weight: Double, note: String? = nil) {
        self.code = code
        self.label = label
        self.weight = weight
        self.note = note
    }
}

@Model
final class Depot {
    var name: String
    @Relationship(inverse: \Parcel.depot) var parcels: [Parcel] = []
    init(name: String) { self.name = name }
}

/// The SQL statements a connection runs, as SQLite reports them.
final class StatementLog: Sendable {
    private let statements = Mutex<[String]>([])

    /// Starts recording the statements of an in-memory container's only connection.
    init(_ container: ModelContainer) throws {
        try container.stores.stores[0].writer.write { db in
            db.trace { [self] event in
                if case .statement(let statement) = event { statements.withLock { $0.append(statement.sql) } }
            }
        }
    }

    /// The queries run since the last call.
    func take() -> [String] {
        statements.withLock { statements in
            defer { statements.removeAll() }
            return statements.filter { $0.hasPrefix("SELECT") }
        }
    }
}

@Suite("FetchDescriptor's propertiesToFetch, prefetching and paging")
struct FetchOptionsTests {
    let folder = TemporaryFolder()

    /// A store with `count` parcels in `depots` depots, round robin.
    func store(count: Int = 20, depots: Int = 2, inMemory: Bool = false) throws -> ModelContainer {
        let container =
            inMemory
            ? try makeInMemoryContainer([Parcel.self, Depot.self])
            : try makeContainer([Parcel.self, Depot.self], folder: folder)
        let context = ModelContext(container)
        let made = (0..<depots).map { Depot(name: "depot \($0)") }
        for index in 0..<count {
            let parcel = Parcel(code: "P\(index)", label: "label \(index)", weight: Double(index), note: "n\(index)")
            context.insert(parcel)
            parcel.depot = made[index % depots]
        }
        try context.save()
        return container
    }

    /// Runs SQL on the store behind every context's back.
    func execute(_ container: ModelContainer, _ sql: String) throws {
        try container.stores.stores[0].writer.write { db in try db.execute(sql: sql) }
    }

    func partial(_ keyPaths: [PartialKeyPath<Parcel>]) -> FetchDescriptor<Parcel> {
        var descriptor = FetchDescriptor<Parcel>(sortBy: [SortDescriptor(\.weight)])
        descriptor.propertiesToFetch = keyPaths
        return descriptor
    }

    @Test("a partial fetch reads the listed columns and the let attributes only; the rest is read on first access")
    func onlyListedColumns() throws {
        let container = try store(inMemory: true)
        let log = try StatementLog(container)
        let context = ModelContext(container)
        let parcels = try context.fetch(partial([\.weight]))
        let query = try #require(log.take().first)
        #expect(query.contains("\"weight\"") && query.contains("\"code\""))
        #expect(!query.contains("\"label\"") && !query.contains("\"note\"") && !query.contains("\"depot\""))
        #expect(parcels.map(\.code) == (0..<20).map { "P\($0)" })
        #expect(parcels.map(\.weight) == (0..<20).map(Double.init))
        #expect(log.take().isEmpty, "the columns read need no query")

        #expect(parcels[7].label == "label 7")
        let fault = log.take()
        #expect(fault.count == 1, "one query reads the missing columns of the whole fetch")
        #expect(fault.first?.contains("\"label\"") == true && fault.first?.contains("\"weight\"") == false)
        #expect(parcels.map(\.note) == (0..<20).map { "n\($0)" })
        #expect(parcels.map(\.label) == (0..<20).map { "label \($0)" })
        #expect(log.take().isEmpty, "the others' missing values came with the first read")
    }

    @Test("values left out are read when first accessed: a change saved after the fetch is seen")
    func readOnFirstAccess() throws {
        let container = try store()
        let context = ModelContext(container)
        let parcels = try context.fetch(partial([\.weight]))
        try execute(container, "UPDATE Parcel SET label = 'relabelled', weight = -1")
        #expect(parcels[0].label == "relabelled")
        #expect(parcels[0].weight == 0, "the columns read keep the fetch's values")
    }

    @Test("a to-one relationship left out is read with the other values, then its target")
    func relationshipKeyLeftOut() throws {
        let container = try store()
        let parcels = try ModelContext(container).fetch(partial([\.weight]))
        #expect(parcels.map { $0.depot?.name } == (0..<20).map { "depot \($0 % 2)" })
    }

    @Test("a save writes the properties set, never a column the fetch did not read")
    func saveWritesOnlyWhatChanged() throws {
        let container = try store()
        let context = ModelContext(container)
        let parcel = try #require(try context.fetch(partial([\.weight])).first)
        parcel.weight = 99
        try execute(container, "UPDATE Parcel SET label = 'changed elsewhere' WHERE code = 'P0'")
        try context.save()
        let stored = try readSQL(container) { db in
            try Row.fetchOne(db, sql: "SELECT label, weight FROM Parcel WHERE code = 'P0'")
        }
        #expect(stored?["label"] == "changed elsewhere")
        #expect(stored?["weight"] == 99.0)
        #expect(parcel.label == "changed elsewhere", "read after the save, from the store")
    }

    @Test("models already in the context keep their values; a full fetch fills what a partial one left out")
    func registeredModels() throws {
        let container = try store()
        let context = ModelContext(container)
        let full = try context.fetch(FetchDescriptor<Parcel>(sortBy: [SortDescriptor(\.weight)]))
        try execute(container, "UPDATE Parcel SET label = 'later'")
        let again = try context.fetch(partial([\.weight]))
        #expect(again[3] === full[3])
        #expect(again[3].label == "label 3", "its values are not forgotten by a partial fetch")

        let other = ModelContext(container)
        let partialModels = try other.fetch(partial([\.weight]))
        _ = try other.fetch(FetchDescriptor<Parcel>())
        try execute(container, "UPDATE Parcel SET label = 'latest'")
        #expect(partialModels[3].label == "later", "filled by the full fetch, not read afterwards")
    }

    @Test("a changed model rolls back to values it had not read; a deleted one keeps them, and its tombstone")
    func rollbackAndDelete() throws {
        let container = try store()
        let context = ModelContext(container)
        let parcels = try context.fetch(partial([\.weight]))
        parcels[0].weight = 1000
        context.rollback()
        #expect(parcels[0].weight == 0)
        #expect(parcels[0].label == "label 0")

        let other = ModelContext(container)
        let untouched = try other.fetch(partial([\.weight]))
        other.delete(untouched[1])
        try other.save()
        #expect(untouched[1].label == "label 1", "read before it left the context")
        let deletes = try other.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.changes ?? []
        guard case .delete(let delete as DefaultHistoryDelete<Parcel>) = deletes.first else {
            Issue.record("no delete recorded")
            return
        }
        #expect(delete.tombstone[\.label] == "label 1")
    }

    @Test("in-memory predicates, sorts and batched fetches work over partial models")
    func partialModelsElsewhere() throws {
        let container = try store()
        let context = ModelContext(container)
        var descriptor = partial([\.weight])
        let same = ComparisonResult.orderedSame
        descriptor.predicate = #Predicate { $0.label.caseInsensitiveCompare("LABEL 3") == same }
        #expect(try context.fetch(descriptor).map(\.code) == ["P3"])
        let batched = try context.fetch(partial([\.weight]), batchSize: 6)
        #expect(batched.map(\.label) == (0..<20).map { "label \($0)" })
        var notes: [String?] = []
        try context.enumerate(partial([\.weight]), batchSize: 7) { notes.append($0.note) }
        #expect(notes == (0..<20).map { "n\($0)" })
    }

    @Test("a key path that names no stored property, or no relationship for prefetching, is an error")
    func badKeyPaths() throws {
        let container = try store(count: 1, depots: 1)
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Trip>()
        descriptor.propertiesToFetch = [\.isSelected]
        let trips = try makeInMemoryContainer(tripSchemaTypes)
        #expect(throws: SwiftDataError.unsupportedKeyPath) { try ModelContext(trips).fetch(descriptor) }
        var prefetching = FetchDescriptor<Parcel>()
        prefetching.relationshipKeyPathsForPrefetching = [\.weight]
        #expect(throws: SwiftDataError.unsupportedKeyPath) { try context.fetch(prefetching) }
    }

    @Test("prefetching reads each named relationship for every fetched model in one query")
    func prefetching() throws {
        let container = try store(count: 30, depots: 3, inMemory: true)
        let log = try StatementLog(container)
        let context = ModelContext(container)
        var depots = FetchDescriptor<Depot>(sortBy: [SortDescriptor(\.name)])
        depots.relationshipKeyPathsForPrefetching = [\.parcels]
        let fetchedDepots = try context.fetch(depots)
        #expect(log.take().count == 2, "the fetch and one query for every depot's parcels")
        #expect(fetchedDepots.map(\.parcels.count) == [10, 10, 10])
        #expect(log.take().isEmpty)

        var parcels = FetchDescriptor<Parcel>()
        parcels.relationshipKeyPathsForPrefetching = [\.depot]
        let other = ModelContext(container)
        let fetchedParcels = try other.fetch(parcels)
        #expect(log.take().count == 2, "the fetch and one query for the depots")
        #expect(Set(fetchedParcels.compactMap { $0.depot?.name }) == ["depot 0", "depot 1", "depot 2"])
        #expect(log.take().isEmpty)
    }

    @Test("lists of a descriptor changed in place, after it is made, are what the fetch follows")
    func listsChangedInPlace() throws {
        let container = try store(count: 30, depots: 3, inMemory: true)
        let log = try StatementLog(container)
        var descriptor = FetchDescriptor<Depot>()
        descriptor.sortBy.append(SortDescriptor(\.name, order: .reverse))
        descriptor.relationshipKeyPathsForPrefetching.append(\.parcels)
        descriptor.propertiesToFetch.append(\.name)
        let depots = try ModelContext(container).fetch(descriptor)
        #expect(depots.map(\.name) == ["depot 2", "depot 1", "depot 0"])
        let queries = log.take()
        #expect(queries.count == 2, "the fetch and one query for every depot's parcels")
        #expect(queries.first?.contains("ORDER BY") == true)
        #expect(depots.map(\.parcels.count) == [10, 10, 10])
        #expect(log.take().isEmpty)

        descriptor.sortBy.removeAll()
        descriptor.relationshipKeyPathsForPrefetching.removeAll()
        descriptor.propertiesToFetch.removeAll()
        let unsorted = try ModelContext(container).fetch(descriptor)
        #expect(unsorted.map(\.name) == ["depot 0", "depot 1", "depot 2"], "the store's order again")
        #expect(log.take().count == 1, "no prefetching")
    }

    @Test("prefetched relationships show the store as of the fetch; a relationship changed in memory stays")
    func prefetchedState() throws {
        let container = try store(count: 4, depots: 2)
        let context = ModelContext(container)
        let first = try #require(try context.fetch(FetchDescriptor<Depot>(sortBy: [SortDescriptor(\.name)])).first)
        first.parcels = []
        var descriptor = FetchDescriptor<Depot>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\.parcels]
        let depots = try context.fetch(descriptor)
        try execute(container, "UPDATE Parcel SET depot = NULL")
        #expect(depots[0].parcels.isEmpty, "changed in memory, not replaced")
        #expect(depots[1].parcels.count == 2, "read by the fetch, before the rows changed")
    }

    @Test("enumerate and batched fetches prefetch for each batch as it is read")
    func prefetchingPerBatch() throws {
        let container = try store(count: 30, depots: 3)
        var descriptor = FetchDescriptor<Depot>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\.parcels]
        var counts: [Int] = []
        try ModelContext(container).enumerate(descriptor, batchSize: 2) { depot in
            try execute(container, "UPDATE Parcel SET depot = NULL")
            counts.append(depot.parcels.count)
        }
        #expect(counts == [10, 10, 0], "the second batch was read after the parcels left")

        let refilled = try store(count: 30, depots: 3, inMemory: true)
        let batched = try ModelContext(refilled).fetch(descriptor, batchSize: 2)
        _ = batched[0]
        try refilled.stores.stores[0].writer.write { db in try db.execute(sql: "UPDATE Parcel SET depot = NULL") }
        #expect(batched[1].parcels.count == 10, "read with its batch")
        #expect(batched[2].parcels.isEmpty, "its batch was read after the change")
    }

    @Test("includePendingChanges = false answers from the store alone")
    func withoutPendingChanges() throws {
        let container = try store(count: 3, depots: 1)
        let context = ModelContext(container)
        let parcels = try context.fetch(FetchDescriptor<Parcel>(sortBy: [SortDescriptor(\.weight)]))
        parcels[0].weight = 50
        context.delete(parcels[1])
        context.insert(Parcel(code: "new", label: "", weight: 60))
        var heavy = FetchDescriptor<Parcel>(
            predicate: #Predicate { $0.weight >= 1 }, sortBy: [SortDescriptor(\.weight)])
        #expect(try context.fetch(heavy).map(\.code) == ["P2", "P0", "new"])
        heavy.includePendingChanges = false
        let stored = try context.fetch(heavy)
        #expect(stored.map(\.code) == ["P1", "P2"], "the stored weights match; the deleted model is still stored")
        #expect(stored[0] === parcels[1])
        #expect(try context.fetchCount(heavy) == 2)
    }

    @Test("fetchOffset with fetchLimit pages the same way in SQL, in memory, with unsaved inserts and in every API")
    func offsetAndLimit() throws {
        let container = try store(count: 20, depots: 1)
        let context = ModelContext(container)
        var page = FetchDescriptor<Parcel>(sortBy: [SortDescriptor(\.weight)])
        page.fetchOffset = 5
        page.fetchLimit = 4
        let expected = ["P5", "P6", "P7", "P8"]
        #expect(try context.fetch(page).map(\.code) == expected)
        #expect(try context.fetchCount(page) == 4)
        #expect(try context.fetch(page, batchSize: 3).map(\.code) == expected)
        #expect(try context.fetchIdentifiers(page).count == 4)
        var walked: [String] = []
        try context.enumerate(page, batchSize: 3) { walked.append($0.code) }
        #expect(walked == expected)
        // A sort only Swift can do (a comparator named): enumerate reads every match, then
        // pages them itself.
        var sortedInMemory = FetchDescriptor<Parcel>(sortBy: [SortDescriptor(\.code, comparator: .lexical)])
        sortedInMemory.fetchOffset = 2
        sortedInMemory.fetchLimit = 3
        #expect(try context.fetch(sortedInMemory).map(\.code) == ["P10", "P11", "P12"])
        var walkedInMemory: [String] = []
        try context.enumerate(sortedInMemory, batchSize: 2) { walkedInMemory.append($0.code) }
        #expect(walkedInMemory == ["P10", "P11", "P12"])

        var inMemory = page
        let same = ComparisonResult.orderedSame
        inMemory.predicate = #Predicate { $0.code.caseInsensitiveCompare("p9") != same }
        #expect(try context.fetch(inMemory).map(\.code) == ["P5", "P6", "P7", "P8"])
        inMemory.fetchOffset = 8
        #expect(try context.fetch(inMemory).map(\.code) == ["P8", "P10", "P11", "P12"])

        context.insert(Parcel(code: "light", label: "", weight: 5.5))
        #expect(try context.fetch(page).map(\.code) == ["P5", "light", "P6", "P7"])
        var tail = page
        tail.fetchOffset = 18
        #expect(try context.fetch(tail).map(\.code) == ["P17", "P18", "P19"])
    }

    @Test("enumerate without allowEscapingMutations stops at a batch that leaves the block's changes unsaved")
    func escapingMutations() throws {
        let container = try store(count: 10, depots: 1)
        let context = ModelContext(container)
        let changedBefore = try #require(try context.fetch(FetchDescriptor<Parcel>()).first)
        changedBefore.note = "changed before the walk"
        var visited = 0
        #expect(throws: SwiftDataError.modelValidationFailure) {
            try context.enumerate(FetchDescriptor<Parcel>(), batchSize: 4) { parcel in
                visited += 1
                parcel.weight += 1
            }
        }
        #expect(visited == 4, "the first batch's end stops the walk")
        #expect(context.changedModelsArray.count == 4, "the changes stay in the context")
        do {
            try context.enumerate(FetchDescriptor<Parcel>(), batchSize: 4) { _ in }
        } catch {
            Issue.record("changes made before the walk are not the block's: \(error)")
        }

        try context.enumerate(FetchDescriptor<Parcel>(), batchSize: 4, allowEscapingMutations: true) { parcel in
            parcel.weight += 1
        }
        #expect(context.hasChanges)
        context.rollback()
        try context.enumerate(FetchDescriptor<Parcel>(), batchSize: 4) { parcel in
            parcel.weight += 1
            try context.save()
        }
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Parcel>()).map(\.weight).reduce(0, +) == 55)
    }
}
