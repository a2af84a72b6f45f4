import Foundation
import Testing

@testable import OpenSwiftData

@Model
final class Kitten {
    var name: String
    var age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }
}

/// `enumerate` walks "the results of a fetch request" (SwiftData's documentation of
/// `ModelContext.enumerate(_:batchSize:allowEscapingMutations:block:)`): the models it
/// gives are the models `fetch` returns for the same descriptor in the same context,
/// unsaved changes included, whatever the batch size.
struct EnumerateUnsavedChangesTests {
    private func context() throws -> ModelContext {
        let container = try makeInMemoryContainer([Kitten.self])
        let setUp = ModelContext(container)
        for (name, age) in [("a", 1), ("b", 5), ("c", 2), ("d", 7)] { setUp.insert(Kitten(name: name, age: age)) }
        try setUp.save()
        let context = ModelContext(container)
        // One stored model changed to match, one changed to stop matching.
        for kitten in try context.fetch(FetchDescriptor<Kitten>()) {
            if kitten.name == "a" { kitten.age = 10 }
            if kitten.name == "b" { kitten.age = 0 }
        }
        context.insert(Kitten(name: "e", age: 9))
        return context
    }

    private func names(enumerating descriptor: FetchDescriptor<Kitten>, in context: ModelContext, batchSize: Int)
        throws -> [String]
    {
        var names: [String] = []
        try context.enumerate(descriptor, batchSize: batchSize, allowEscapingMutations: true) { names.append($0.name) }
        return names
    }

    @Test("unsorted: the same models as fetch", arguments: [1, 2, 100])
    func unsorted(batchSize: Int) throws {
        let context = try context()
        let descriptor = FetchDescriptor<Kitten>(predicate: #Predicate { $0.age > 3 })
        let fetched = try context.fetch(descriptor).map(\.name).sorted()
        #expect(fetched == ["a", "d", "e"])
        #expect(try names(enumerating: descriptor, in: context, batchSize: batchSize).sorted() == fetched)
    }

    /// Found by the generated sequences: the unsaved inserts came after the stored rows.
    @Test("sorted, with unsaved inserts and no other change: in fetch's order", arguments: [1, 2, 100])
    func sortedWithUnsavedInserts(batchSize: Int) throws {
        let container = try makeInMemoryContainer([Kitten.self])
        let context = ModelContext(container)
        for (name, age) in [("a", 1), ("b", 5)] { context.insert(Kitten(name: name, age: age)) }
        try context.save()
        for (name, age) in [("c", 3), ("d", 0)] { context.insert(Kitten(name: name, age: age)) }
        let descriptor = FetchDescriptor<Kitten>(sortBy: [SortDescriptor(\.age)])
        let fetched = try context.fetch(descriptor).map(\.name)
        #expect(fetched == ["d", "a", "c", "b"])
        #expect(try names(enumerating: descriptor, in: context, batchSize: batchSize) == fetched)
    }

    @Test("sorted: the same models as fetch, in its order", arguments: [1, 2, 100])
    func sorted(batchSize: Int) throws {
        let context = try context()
        let descriptor = FetchDescriptor<Kitten>(predicate: #Predicate { $0.age > 3 }, sortBy: [SortDescriptor(\.age)])
        let fetched = try context.fetch(descriptor).map(\.name)
        #expect(fetched == ["d", "e", "a"])
        #expect(try names(enumerating: descriptor, in: context, batchSize: batchSize) == fetched)
    }
}
