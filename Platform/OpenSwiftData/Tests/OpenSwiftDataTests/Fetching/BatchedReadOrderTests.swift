import Foundation
import Testing

@testable import OpenSwiftData

/// A batched fetch and a sorted walk read their models a batch of keys at a time: a run of
/// consecutive keys as a range, other keys as a list whose rows the store returns in its
/// own order. Either way the models come in the keys' order, and a row deleted meanwhile is
/// left out.
@Suite("batched reads keep the keys' order")
struct BatchedReadOrderTests {
    /// Stops 0..<count, saved in one go (consecutive keys), then every third deleted, so
    /// that some batches are ranges with gaps.
    private func storeWithGaps(_ count: Int, folder: TemporaryFolder) throws -> ModelContainer {
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let stops = (0..<count).map { Stop(title: "stop \($0)", order: ($0 * 7) % count) }
        for stop in stops { context.insert(stop) }
        try context.save()
        for (index, stop) in stops.enumerated() where index % 3 == 1 { context.delete(stop) }
        try context.save()
        return container
    }

    @Test("fetch(_:batchSize:) in key order, over keys with gaps, gives what fetch gives")
    func keyOrderWithGaps() throws {
        let folder = TemporaryFolder()
        let container = try storeWithGaps(40, folder: folder)
        let expected = try ModelContext(container).fetch(FetchDescriptor<Stop>()).map(\.title)
        #expect(expected.count == 27)
        for batchSize in [1, 2, 4, 5, 27, 100] {
            let batched = try ModelContext(container).fetch(FetchDescriptor<Stop>(), batchSize: batchSize)
            #expect(batched.map(\.title) == expected, "batch size \(batchSize)")
        }
    }

    @Test("fetch(_:batchSize:) sorted by a value gives the sort's order, batch by batch")
    func sortedBatches() throws {
        let folder = TemporaryFolder()
        let container = try storeWithGaps(40, folder: folder)
        let descriptor = FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.order, order: .reverse)])
        let expected = try ModelContext(container).fetch(descriptor).map(\.order)
        #expect(expected == expected.sorted(by: >))
        for batchSize in [1, 3, 7, 27] {
            let context = ModelContext(container)
            #expect(
                try context.fetch(descriptor, batchSize: batchSize).map(\.order) == expected, "batch size \(batchSize)")
        }
    }

    @Test("a sorted enumerate goes past a row another context deleted after the walk began")
    func sortedWalkPastDeletedRow() throws {
        let folder = TemporaryFolder()
        let container = try storeWithGaps(40, folder: folder)
        let descriptor = FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.order, order: .reverse)])
        let all = try ModelContext(container).fetch(descriptor).map(\.order)
        // Deleted from another context while the walk is in its first batch: a row of a
        // later batch, in the middle of it.
        let deletedOrder = all[10]
        let context = ModelContext(container)
        var walked: [Int] = []
        try context.enumerate(descriptor, batchSize: 4) { stop in
            if walked.isEmpty {
                let other = ModelContext(container)
                try other.delete(model: Stop.self, where: #Predicate { $0.order == deletedOrder })
                try other.save()
            }
            walked.append(stop.order)
        }
        #expect(walked == all.filter { $0 != deletedOrder })
    }
}
