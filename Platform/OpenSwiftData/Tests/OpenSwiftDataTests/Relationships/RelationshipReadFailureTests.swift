import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A relationship whose read from the store fails stays unloaded: nothing is cached as
/// empty, and a change made on top of the failed read is refused at save.
@Suite("A relationship read that fails")
struct RelationshipReadFailureTests {
    /// A store with a trip tagged "food" and "art", and a second connection to it.
    private func tourStore(_ folder: TemporaryFolder) throws -> (ModelContainer, DatabaseQueue) {
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let tour = Trip(name: "Tour")
        context.insert(tour)
        tour.tags = [Tag(label: "food"), Tag(label: "art")]
        try context.save()
        return (container, try DatabaseQueue(path: folder.file("store.sqlite").path))
    }

    private func fetchTour(_ container: ModelContainer) throws -> (ModelContext, Trip) {
        let context = ModelContext(container)
        let tour = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        return (context, tour)
    }

    private func joinRows(_ other: DatabaseQueue) throws -> Int {
        try other.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Tag_trips") ?? -1 }
    }

    @Test("is read again on the next access, and a later change keeps the stored links")
    func failedReadIsNotCached() throws {
        let folder = TemporaryFolder()
        let (container, other) = try tourStore(folder)
        let (context, tour) = try fetchTour(container)
        try other.write { db in try db.execute(sql: "ALTER TABLE Tag_trips RENAME TO hidden") }
        #expect(tour.tags.isEmpty)
        try other.write { db in try db.execute(sql: "ALTER TABLE hidden RENAME TO Tag_trips") }

        tour.tags.append(Tag(label: "wine"))
        try context.save()

        #expect(Set(tour.tags.map(\.label)) == ["food", "art", "wine"])
        #expect(try joinRows(other) == 3)
    }

    @Test("a change made while it cannot be read is refused at save, and the links stay")
    func changeOnTopOfFailedReadIsRefused() throws {
        let folder = TemporaryFolder()
        let (container, other) = try tourStore(folder)
        let (context, tour) = try fetchTour(container)
        try other.write { db in try db.execute(sql: "ALTER TABLE Tag_trips RENAME TO hidden") }
        tour.tags = [Tag(label: "wine")]
        try other.write { db in try db.execute(sql: "ALTER TABLE hidden RENAME TO Tag_trips") }

        #expect {
            try context.save()
        } throws: { error in
            guard case .relationshipNotLoaded(let entity, let relationship, _) = (error as? SwiftDataError)?.cause
            else {
                return false
            }
            return entity == "Trip" && relationship == "tags"
        }
        #expect(try joinRows(other) == 2)
        context.rollback()
        #expect(Set(tour.tags.map(\.label)) == ["food", "art"])
    }

    private func hideJoinTable(_ other: DatabaseQueue) throws {
        try other.write { db in try db.execute(sql: "ALTER TABLE Tag_trips RENAME TO hidden") }
    }

    private func restoreJoinTable(_ other: DatabaseQueue) throws {
        try other.write { db in try db.execute(sql: "ALTER TABLE hidden RENAME TO Tag_trips") }
    }

    private func isRefusedAsNotLoaded(_ error: any Error) -> Bool {
        guard case .relationshipNotLoaded(let entity, let relationship, _) = (error as? SwiftDataError)?.cause else {
            return false
        }
        return entity == "Trip" && relationship == "tags"
    }

    @Test("a change built on its empty result after the error cleared is refused until rollback, and the links stay")
    func changeBuiltOnFailedReadIsRefused() throws {
        let folder = TemporaryFolder()
        let (container, other) = try tourStore(folder)
        let (context, tour) = try fetchTour(container)
        try hideJoinTable(other)
        let tags = tour.tags
        #expect(tags.isEmpty)
        try restoreJoinTable(other)

        tour.tags = tags + [Tag(label: "wine")]
        #expect { try context.save() } throws: { isRefusedAsNotLoaded($0) }
        #expect(try joinRows(other) == 2)

        context.rollback()
        #expect(Set(tour.tags.map(\.label)) == ["food", "art"])
        tour.tags.append(Tag(label: "wine"))
        try context.save()
        #expect(try joinRows(other) == 3)
    }

    @Test("the refusal holds through other saves, and spares changes that keep every stored model")
    func refusalHoldsUntilRollback() throws {
        let folder = TemporaryFolder()
        let (container, other) = try tourStore(folder)
        let (context, tour) = try fetchTour(container)
        try hideJoinTable(other)
        let tags = tour.tags
        try restoreJoinTable(other)

        // A change that keeps the stored links loses nothing.
        tour.tags.append(Tag(label: "wine"))
        context.insert(Trip(name: "Other"))
        try context.save()
        #expect(try joinRows(other) == 3)

        tour.tags = tags
        #expect { try context.save() } throws: { isRefusedAsNotLoaded($0) }
        #expect(try joinRows(other) == 3)
    }
}
