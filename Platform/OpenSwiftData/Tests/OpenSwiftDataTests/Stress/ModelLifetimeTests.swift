import Foundation
import OpenSwiftData
import Testing

/// Models that outlive the context (and the container) that fetched them. The defined
/// behaviour, as in SwiftData: a model holds on to its context, so its attributes stay
/// readable and a relationship faulted later reads the store; a read the store cannot
/// answer gives what the store holds, never a crash. Run under the address sanitizer
/// (`Scripts/test.sh --sanitize`), a read of freed memory is reported even when the
/// values happen to be right.
@Suite("Stress: models outliving their context")
struct ModelLifetimeTests {
    /// Shelves fetched by a context and a container that only this function holds.
    private static func shelvesFromAGoneContext(_ folder: TemporaryFolder) throws -> [StressShelf] {
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<6, volumesEach: 4)
        let context = ModelContext(container)
        return try context.fetch(FetchDescriptor<StressShelf>(sortBy: [SortDescriptor(\.position)]))
    }

    @Test("a model's attributes are readable after its context and container are gone")
    func attributesAfterContextIsGone() throws {
        let folder = TemporaryFolder()
        let shelves = try Self.shelvesFromAGoneContext(folder)
        #expect(shelves.map(\.name) == (0..<6).map { "shelf \($0)" })
        #expect(shelves.map(\.position) == Array(0..<6))
        #expect(shelves.allSatisfy { $0.persistentModelID.entityName == "StressShelf" })
    }

    @Test("a relationship first faulted after its context is gone reads the store")
    func relationshipFaultedAfterContextIsGone() throws {
        let folder = TemporaryFolder()
        let shelves = try Self.shelvesFromAGoneContext(folder)
        for shelf in shelves.reversed() {
            let numbers = shelf.volumes.map(\.number).sorted()
            #expect(numbers == Array(shelf.position * 4..<(shelf.position + 1) * 4))
            #expect(shelf.volumes.allSatisfy { $0.shelf === shelf && $0.title == StressLibrary.title($0.number) })
        }
    }

    @Test("a to-one relationship faulted after its context is gone reads the store")
    func toOneFaultedAfterContextIsGone() throws {
        let folder = TemporaryFolder()
        let volumes = try { () throws -> [StressVolume] in
            let container = try makeContainer(StressLibrary.types, folder: folder)
            try StressLibrary.seed(container, shelves: 0..<3, volumesEach: 5)
            return try ModelContext(container).fetch(FetchDescriptor<StressVolume>(sortBy: [SortDescriptor(\.number)]))
        }()
        #expect(volumes.map { $0.shelf?.name } == (0..<15).map { "shelf \($0 / 5)" })
    }

    @Test("a relationship faulted after the store was erased reads what the store holds: nothing")
    func relationshipFaultedAfterErase() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<3, volumesEach: 4)
        var shelves = try ModelContext(container).fetch(FetchDescriptor<StressShelf>())
        try container.erase()
        #expect(shelves.count == 3)
        #expect(shelves.allSatisfy { $0.volumes.isEmpty })
        #expect(shelves.allSatisfy { $0.name.hasPrefix("shelf ") })
        shelves.removeAll()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<StressVolume>()) == 0)
    }

    @Test("models released one by one in any order after their context, while another context fetches the same rows")
    func modelsReleasedAfterTheirContext() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<20, volumesEach: 50)
        var volumes = try ModelContext(container).fetch(FetchDescriptor<StressVolume>())
        #expect(volumes.count == 1_000)
        var generator = SystemRandomNumberGenerator()
        volumes.shuffle(using: &generator)
        let other = ModelContext(container)
        var released = 0
        while !volumes.isEmpty {
            let chunk = volumes.suffix(97)
            #expect(chunk.allSatisfy { $0.title == StressLibrary.title($0.number) })
            volumes.removeLast(chunk.count)
            released += chunk.count
            let seen = try other.fetch(FetchDescriptor<StressVolume>(predicate: #Predicate { $0.number < 100 }))
            #expect(seen.count == 100)
        }
        #expect(released == 1_000)
        let again = try ModelContext(container).fetch(FetchDescriptor<StressVolume>(sortBy: [SortDescriptor(\.number)]))
        #expect(again.map(\.number) == Array(0..<1_000))
    }
}
