import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A relationship read while a delete of one of its models is pending leaves that model
/// out; once the delete is rolled back, the relationship shows it again, and a later
/// change keeps its link.
@Suite("A relationship read during a delete that is rolled back")
struct RolledBackDeleteTests {
    @Test("shows the model again, and a later change keeps its link")
    func readDuringRolledBackDelete() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let seeding = ModelContext(container)
        let seeded = Trip(name: "Tour")
        seeding.insert(seeded)
        seeded.tags = [Tag(label: "food"), Tag(label: "art")]
        try seeding.save()
        let context = ModelContext(container)
        let tour = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        let food = try #require(
            try context.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.label == "food" })).first)

        context.delete(food)
        #expect(tour.tags.map(\.label) == ["art"])
        context.rollback()

        #expect(Set(tour.tags.map(\.label)) == ["food", "art"])
        tour.tags.append(Tag(label: "wine"))
        try context.save()
        let rows = try readSQL(container) { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Tag_trips") }
        #expect(rows == 3)
    }
}
