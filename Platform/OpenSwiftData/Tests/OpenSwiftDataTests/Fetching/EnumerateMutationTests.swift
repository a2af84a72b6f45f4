import Foundation
import Testing

@testable import OpenSwiftData

/// `enumerate` walks the rows that exist when it starts, whatever its block changes.
@Suite("enumerate with a block that deletes or inserts")
struct EnumerateMutationTests {
    private func storeWithStops(_ count: Int, folder: TemporaryFolder) throws -> ModelContainer {
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        for index in 0..<count { context.insert(Stop(title: "stop \(index)", order: index)) }
        try context.save()
        return container
    }

    @Test("a block that deletes each model (and saves) visits every row, and none is left")
    func deletingBlock() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(12_000, folder: folder)
        let context = ModelContext(container)
        var visited = 0
        try context.enumerate(FetchDescriptor<Stop>(), batchSize: 1000) { stop in
            visited += 1
            context.delete(stop)
            if visited % 1000 == 0 { try context.save() }
        }
        try context.save()
        #expect(visited == 12_000)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test("a block that inserts (and saves) ends, without visiting its own inserts")
    func insertingBlock() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(2_500, folder: folder)
        let context = ModelContext(container)
        var visited = 0
        try context.enumerate(FetchDescriptor<Stop>(), batchSize: 1000) { stop in
            visited += 1
            context.insert(Stop(title: "copy of \(stop.title)"))
            try context.save()
        }
        #expect(visited == 2_500)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 5_000)
    }

    @Test("a sorted walk with a predicate, offset and limit visits what fetch returns, in order")
    func sortedWalk() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(3_000, folder: folder)
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Stop>(
            predicate: #Predicate { $0.order % 2 == 0 || $0.order < 10 },
            sortBy: [SortDescriptor(\.order, order: .reverse)])
        descriptor.fetchOffset = 5
        descriptor.fetchLimit = 700
        var walked: [Int] = []
        try context.enumerate(descriptor, batchSize: 64, allowEscapingMutations: true) { stop in
            walked.append(stop.order)
            context.delete(stop)
        }
        let expected = try ModelContext(container).fetch(descriptor).map(\.order)
        #expect(walked == expected)
        #expect(walked.count == 700)
    }

    @Test("unsaved inserts are walked even when the block saves them before their turn")
    func unsavedInsertsSavedByTheBlock() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(3, folder: folder)
        let context = ModelContext(container)
        context.insert(Stop(title: "first unsaved", order: 100))
        context.insert(Stop(title: "second unsaved", order: 101))
        var titles: [String] = []
        try context.enumerate(FetchDescriptor<Stop>(), batchSize: 2) { stop in
            titles.append(stop.title)
            try context.save()
        }
        #expect(titles.count == 5)
        #expect(titles.suffix(2) == ["first unsaved", "second unsaved"])
    }

    @Test("unsaved inserts that match are walked once, after the stored rows")
    func unsavedInserts() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(10, folder: folder)
        let context = ModelContext(container)
        context.insert(Stop(title: "unsaved", order: 100))
        var titles: [String] = []
        try context.enumerate(FetchDescriptor<Stop>(), batchSize: 3) { titles.append($0.title) }
        #expect(titles.count == 11)
        #expect(titles.last == "unsaved")
    }

    @Test("a stored row whose model has unsaved changes is tested against the predicate in Swift")
    func changedModelTestedAgain() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(10, folder: folder)
        let context = ModelContext(container)
        let third = try #require(
            try context.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.order == 3 })).first)
        third.order = 100
        var orders: [Int] = []
        try context.enumerate(FetchDescriptor<Stop>(predicate: #Predicate { $0.order < 5 }), batchSize: 2) {
            orders.append($0.order)
        }
        #expect(orders == [0, 1, 2, 4])
    }

    @Test("a predicate SQL answers in part is finished in Swift for every row the store matched")
    func partialConditionFinishedInSwift() throws {
        let folder = TemporaryFolder()
        let container = try storeWithStops(12, folder: folder)
        let context = ModelContext(container)
        // `String.utf8` has no SQL translation: the store selects by order, Swift by title.
        let descriptor = FetchDescriptor<Stop>(predicate: #Predicate { $0.order < 11 && $0.title.utf8.count == 6 })
        var titles: [String] = []
        try context.enumerate(descriptor, batchSize: 4) { titles.append($0.title) }
        #expect(titles == (0..<10).map { "stop \($0)" })
    }
}
