import Foundation
import Testing

@testable import OpenSwiftData

/// A context that reads often reads through a connection of its own (``StoreAccess``).
@Suite("A context's own read connection")
struct OwnReadConnectionTests {
    @Test("after its first reads, a context still sees every save: its own and other contexts'")
    func seesEverySave() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let reader = ModelContext(container)
        let writer = ModelContext(container)
        for round in 0..<(StoreAccess.readsBeforeOwnConnection + 4) {
            writer.insert(Trip(name: "other \(round)"))
            try writer.save()
            #expect(try reader.fetchCount(FetchDescriptor<Trip>()) == 2 * round + 1)
            reader.insert(Trip(name: "own \(round)"))
            try reader.save()
            let mine = try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.starts(with: "own") }))
            #expect(mine.count == round + 1)
        }
        // A change saved by another context is read back by the reader's fetch.
        let first = try #require(
            try writer.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "own 0" })).first)
        first.budget = 42
        try writer.save()
        let seen = try #require(
            try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "own 0" })).first)
        #expect(seen.budget == 42)
    }
}
