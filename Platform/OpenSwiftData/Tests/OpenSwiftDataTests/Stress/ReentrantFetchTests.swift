import Foundation
import OpenSwiftData
import Testing

/// Fetches that run inside another fetch's work: from a property's initial value (run by
/// the initializer of every model a fetch materializes) and from a property's `didSet`.
/// The inner fetch must not disturb the outer one, whatever statement or row state they
/// might share, and both must return the right models.
@Suite("Stress: fetches from an initial value or a didSet")
struct ReentrantFetchTests {
    private static func library(shelves: Int = 4, volumesEach: Int = 10) throws -> (TemporaryFolder, ModelContainer) {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<shelves, volumesEach: volumesEach)
        return (folder, container)
    }

    /// A point lookup of `number`, as the tests' inner and outer fetches do it.
    private static func lookUp(_ number: Int, in context: ModelContext) throws -> StressVolume? {
        var descriptor = FetchDescriptor<StressVolume>(predicate: #Predicate { $0.number == number })
        descriptor.fetchLimit = 1
        return try context.fetch(descriptor).first
    }

    @Test("an initial value that fetches from the same context while a fetch materializes every row")
    func initialValueFetchesDuringFetchAll() throws {
        let (folder, container) = try Self.library()
        defer { withExtendedLifetime(folder) {} }
        let context = ModelContext(container)
        var inner: [Int] = []
        ReentrantAction.arm {
            let found = (try? Self.lookUp(7, in: context))?.number ?? -1
            inner.append(found)
            return found
        }
        defer { ReentrantAction.disarm() }
        let volumes = try context.fetch(FetchDescriptor<StressVolume>(sortBy: [SortDescriptor(\.number)]))
        #expect(volumes.map(\.number) == Array(0..<40))
        #expect(volumes.allSatisfy { $0.title == StressLibrary.title($0.number) })
        #expect(!inner.isEmpty && inner.allSatisfy { $0 == 7 })
    }

    @Test("an initial value that runs a lookup of the same shape as the lookup that materializes its model")
    func initialValueLookupDuringLookup() throws {
        let (folder, container) = try Self.library()
        defer { withExtendedLifetime(folder) {} }
        for number in 0..<40 {
            // A new context each time, so that the outer lookup materializes a new model.
            let context = ModelContext(container)
            let other = (number + 13) % 40
            var inner: [Int] = []
            ReentrantAction.arm {
                let found = (try? Self.lookUp(other, in: context))?.number ?? -1
                inner.append(found)
                return found
            }
            defer { ReentrantAction.disarm() }
            let outer = try Self.lookUp(number, in: context)
            #expect(outer?.number == number)
            #expect(outer?.title == StressLibrary.title(number))
            #expect(inner.allSatisfy { $0 == other })
        }
    }

    @Test("an initial value that fetches while enumerate walks its batches")
    func initialValueFetchesDuringEnumerate() throws {
        let (folder, container) = try Self.library()
        defer { withExtendedLifetime(folder) {} }
        let context = ModelContext(container)
        ReentrantAction.arm { (try? context.fetchCount(FetchDescriptor<StressVolume>())) ?? -1 }
        defer { ReentrantAction.disarm() }
        var walked: [Int] = []
        try context.enumerate(FetchDescriptor<StressVolume>(), batchSize: 7) { walked.append($0.number) }
        #expect(walked.sorted() == Array(0..<40))
    }

    @Test("an initial value that fetches while a relationship fault materializes the related models")
    func initialValueFetchesDuringRelationshipFault() throws {
        let (folder, container) = try Self.library()
        defer { withExtendedLifetime(folder) {} }
        let context = ModelContext(container)
        let shelves = try context.fetch(FetchDescriptor<StressShelf>(sortBy: [SortDescriptor(\.position)]))
        ReentrantAction.arm { (try? context.fetch(FetchDescriptor<StressShelf>()).count) ?? -1 }
        defer { ReentrantAction.disarm() }
        for shelf in shelves {
            #expect(shelf.volumes.map(\.number).sorted() == Array(shelf.position * 10..<(shelf.position + 1) * 10))
        }
    }

    @Test("a didSet that fetches from the context, set on each model while enumerate walks them")
    func didSetFetchesDuringEnumerate() throws {
        let (folder, container) = try Self.library()
        defer { withExtendedLifetime(folder) {} }
        let context = ModelContext(container)
        var walked = 0
        try context.enumerate(FetchDescriptor<StressVolume>(), batchSize: 9) { volume in
            let number = volume.number
            ReentrantAction.arm { (try? Self.lookUp((number + 1) % 40, in: context))?.number ?? -1 }
            defer { ReentrantAction.disarm() }
            volume.selection = 1
            #expect(volume.selectionEcho == (number + 1) % 40)
            walked += 1
        }
        #expect(walked == 40)
        #expect(!context.hasChanges)
    }

    @Test("a didSet that fetches and saves in the same context, on a model of a finished fetch")
    func didSetFetchesAndSaves() throws {
        let (folder, container) = try Self.library()
        defer { withExtendedLifetime(folder) {} }
        let context = ModelContext(container)
        let volumes = try context.fetch(FetchDescriptor<StressVolume>(sortBy: [SortDescriptor(\.number)]))
        ReentrantAction.arm {
            let count = (try? context.fetchCount(FetchDescriptor<StressVolume>())) ?? -1
            context.insert(StressVolume(title: StressLibrary.title(1_000 + count), number: 1_000 + count))
            try? context.save()
            return count
        }
        defer { ReentrantAction.disarm() }
        for volume in volumes.prefix(5) { volume.selection += 1 }
        #expect(volumes.prefix(5).map(\.selectionEcho) == [40, 41, 42, 43, 44])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<StressVolume>()) == 45)
    }
}
