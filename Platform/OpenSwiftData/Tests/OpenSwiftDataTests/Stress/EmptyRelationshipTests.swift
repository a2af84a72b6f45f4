import Foundation
import OpenSwiftData
import Testing

/// Empty to-many relationships and empty fetch results made on several threads at once:
/// each is its own empty array, so the thread sanitizer sees no write to storage they share.
@Suite("Stress: empty relationships read on several threads")
struct EmptyRelationshipTests {
    @Test("shelves without volumes, read by four tasks at once, each in a context of its own")
    func emptyRelationshipsAtOnce() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([StressShelf.self, StressVolume.self], folder: folder)
        let seeding = ModelContext(container)
        for position in 0..<200 { seeding.insert(StressShelf(name: "shelf \(position)", position: position)) }
        try seeding.save()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let context = ModelContext(container)
                    var volumes = 0
                    for _ in 0..<5 {
                        for shelf in try context.fetch(FetchDescriptor<StressShelf>()) {
                            volumes += shelf.volumes.count
                        }
                    }
                    return volumes
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [0, 0, 0, 0])
    }

    @Test("fetches that find nothing, run by four tasks at once, each in a context of its own")
    func emptyFetchesAtOnce() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([StressShelf.self, StressVolume.self], folder: folder)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let context = ModelContext(container)
                    var found = 0
                    for _ in 0..<200 {
                        found += try context.fetch(FetchDescriptor<StressShelf>()).count
                    }
                    return found
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [0, 0, 0, 0])
    }
}
