import Foundation
import Testing

@testable import OpenSwiftData

@Suite("The relationships in which a context's models hold others, and their cycles")
struct LinkedRelationshipsTests {
    private static let shelf = EntityDescriptor.known(StressShelf.self)
    private static let volume = EntityDescriptor.known(StressVolume.self)
    private static let link = EntityDescriptor.known(StressLink.self)

    private static func index(_ name: String, of entity: EntityDescriptor) throws -> Int {
        try #require(entity.propertyIndexByName[name])
    }

    @Test("links in one direction form no cycle")
    func oneDirection() throws {
        var links = LinkedRelationships()
        #expect(links.hierarchiesOnCycles().isEmpty)
        links.insert(Self.shelf, at: try Self.index("volumes", of: Self.shelf))
        #expect(links.hierarchiesOnCycles().isEmpty)
    }

    @Test("links in both directions of a pair put both hierarchies on a cycle")
    func bothDirections() throws {
        var links = LinkedRelationships()
        links.insert(Self.shelf, at: try Self.index("volumes", of: Self.shelf))
        links.insert(Self.volume, at: try Self.index("shelf", of: Self.volume))
        #expect(links.hierarchiesOnCycles() == [Self.shelf.identityIndex, Self.volume.identityIndex])
    }

    @Test("a link from an entity to itself is a cycle")
    func toItself() throws {
        var links = LinkedRelationships()
        links.insert(Self.shelf, at: try Self.index("volumes", of: Self.shelf))
        links.insert(Self.link, at: try Self.index("next", of: Self.link))
        #expect(links.hierarchiesOnCycles() == [Self.link.identityIndex])
    }

    @Test("a context records a relationship loaded from the store, and one set on an inserted model")
    func contextRecordsLinks() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<2, volumesEach: 3)
        let context = ModelContext(container)
        let shelves = try context.fetch(FetchDescriptor<StressShelf>())
        #expect(context.core.linkedRelationships.hierarchiesOnCycles().isEmpty)
        #expect(shelves.allSatisfy { $0.volumes.count == 3 })
        #expect(context.core.linkedRelationships.hierarchiesOnCycles().isEmpty)
        let volume = StressVolume(title: "new", number: 100)
        volume.shelf = shelves[0]
        context.insert(volume)
        #expect(
            context.core.linkedRelationships.hierarchiesOnCycles() == [
                Self.shelf.identityIndex, Self.volume.identityIndex,
            ])
    }
}
