import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// Deleting a model that a `@Model` subclass refers to through an inherited to-one
/// relationship clears the reference in the table that holds its column: the
/// superclass's, not the subclass's (which has its own properties only).
@Suite("A row referred to through an inherited relationship")
struct InheritedReferenceDeleteTests {
    @Test("can be deleted, and the subclass model's reference is cleared")
    func deleteTargetOfInheritedToOne() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([UnsoundInverse.Depot.self, UnsoundInverse.Tipper.self], folder: folder)
        let context = ModelContext(container)
        let depot = UnsoundInverse.Depot(name: "North")
        context.insert(depot)
        let tipper = UnsoundInverse.Tipper(plate: "T-1", capacity: 12)
        context.insert(tipper)
        tipper.depot = depot
        try context.save()

        context.delete(depot)
        try context.save()

        #expect(tipper.depot == nil)
        let rows = try readSQL(container) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Lorry WHERE depot IS NOT NULL")
        }
        #expect(rows == 0)
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<UnsoundInverse.Tipper>()).first)
        #expect(fetched.depot == nil)
    }
}
