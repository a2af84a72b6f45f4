import Foundation
import OpenSwiftData
import Testing

/// What one reader saw in one read of the whole library.
struct LibrarySnapshot: Sendable, Equatable {
    var shelves = 0
    var volumes = 0
    /// Shelves whose volumes were not exactly the ones seeded or saved with them.
    var inconsistentShelves: [String] = []
}

/// A model actor that reads the library, as an app's background readers do.
@ModelActor
actor LibraryReader {
    /// Every shelf, then each shelf's volumes (a relationship fault), checked against what
    /// `StressLibrary.seed` writes.
    func readAll(volumesEach: Int) throws -> LibrarySnapshot {
        var snapshot = LibrarySnapshot()
        let shelves = try modelContext.fetch(FetchDescriptor<StressShelf>(sortBy: [SortDescriptor(\.position)]))
        snapshot.shelves = shelves.count
        for shelf in shelves {
            let numbers = shelf.volumes.map(\.number).sorted()
            let expected = Array(shelf.position * volumesEach..<(shelf.position + 1) * volumesEach)
            let titlesMatch = shelf.volumes.allSatisfy { $0.title == StressLibrary.title($0.number) }
            if numbers != expected || !titlesMatch || shelf.volumes.contains(where: { $0.shelf !== shelf }) {
                snapshot.inconsistentShelves.append(shelf.name)
            }
            snapshot.volumes += numbers.count
        }
        return snapshot
    }

    /// Point lookups by the indexed `number`, each through `#Predicate` and `fetchLimit`;
    /// returns the numbers whose lookup found a wrong volume or none.
    func lookUp(_ numbers: [Int]) throws -> [Int] {
        try numbers.filter { number in
            var descriptor = FetchDescriptor<StressVolume>(predicate: #Predicate { $0.number == number })
            descriptor.fetchLimit = 1
            let found = try modelContext.fetch(descriptor)
            return found.count != 1 || found[0].number != number || found[0].title != StressLibrary.title(number)
        }
    }

    /// Walks every volume with `enumerate` in small batches; returns the sum of their numbers.
    func enumerateVolumes() throws -> Int {
        var sum = 0
        try modelContext.enumerate(FetchDescriptor<StressVolume>(), batchSize: 13) { sum += $0.number }
        return sum
    }
}

/// A model actor that adds shelves, each with its volumes in one save.
@ModelActor
actor LibraryWriter {
    func addShelves(_ positions: Range<Int>, volumesEach: Int) throws {
        for position in positions {
            try StressLibrary.seed(modelContainer, shelves: position..<position + 1, volumesEach: volumesEach)
        }
    }
}

/// Several model actors on one container at once. Run under the thread sanitizer
/// (`Scripts/test.sh --sanitize`), a race in what contexts share (the container, its
/// connections, caches of statements or layouts) is reported even when the values are right.
@Suite("Stress: model actors reading one container at once")
struct ConcurrentActorReadTests {
    static let shelves = 12
    static let volumesEach = 15

    @Test("several actors read every model and fault every relationship at once, and see the store as written")
    func severalReaders() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<Self.shelves, volumesEach: Self.volumesEach)
        let readers = (0..<4).map { _ in LibraryReader(modelContainer: container) }
        let expected = LibrarySnapshot(shelves: Self.shelves, volumes: Self.shelves * Self.volumesEach)
        let snapshots = try await withThrowingTaskGroup(of: [LibrarySnapshot].self) { group in
            for reader in readers {
                group.addTask {
                    var seen: [LibrarySnapshot] = []
                    for _ in 0..<5 { seen.append(try await reader.readAll(volumesEach: Self.volumesEach)) }
                    return seen
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(snapshots.count == 20)
        #expect(snapshots.allSatisfy { $0 == expected })
    }

    @Test("actors look up and enumerate at once with the same predicate shape, each finding its own rows")
    func lookupsAndEnumerationsAtOnce() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<Self.shelves, volumesEach: Self.volumesEach)
        let count = Self.shelves * Self.volumesEach
        let readers = (0..<4).map { _ in LibraryReader(modelContainer: container) }
        let (wrongLookups, sums) = try await withThrowingTaskGroup(of: ([Int], Int?).self) { group in
            for (index, reader) in readers.enumerated() {
                // Each reader looks up every number, starting at a different place.
                let numbers = (0..<count).map { ($0 + index * 37) % count }
                group.addTask { (try await reader.lookUp(numbers), nil) }
                group.addTask { ([], try await reader.enumerateVolumes()) }
            }
            return try await group.reduce(into: ([Int](), [Int]())) { result, next in
                result.0 += next.0
                if let sum = next.1 { result.1.append(sum) }
            }
        }
        #expect(wrongLookups.isEmpty)
        #expect(sums == Array(repeating: (0..<count).reduce(0, +), count: 4))
    }

    @Test("readers see whole saves while a writer actor saves on the same container")
    func readersBesideAWriter() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<Self.shelves, volumesEach: Self.volumesEach)
        let writer = LibraryWriter(modelContainer: container)
        let readers = (0..<3).map { _ in LibraryReader(modelContainer: container) }
        let added = 10
        let snapshots = try await withThrowingTaskGroup(of: [LibrarySnapshot].self) { group in
            group.addTask {
                try await writer.addShelves(Self.shelves..<Self.shelves + added, volumesEach: Self.volumesEach)
                return []
            }
            for reader in readers {
                group.addTask {
                    var seen: [LibrarySnapshot] = []
                    for _ in 0..<6 { seen.append(try await reader.readAll(volumesEach: Self.volumesEach)) }
                    return seen
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        // A shelf is saved with its volumes: no reader sees one without them, and each
        // read sees between the seeded shelves and all of them.
        #expect(snapshots.allSatisfy { $0.inconsistentShelves.isEmpty })
        #expect(snapshots.allSatisfy { (Self.shelves...Self.shelves + added).contains($0.shelves) })
        let final = try await LibraryReader(modelContainer: container).readAll(volumesEach: Self.volumesEach)
        #expect(
            final == LibrarySnapshot(shelves: Self.shelves + added, volumes: (Self.shelves + added) * Self.volumesEach))
    }
}
