import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A primary key names one row for the life of the store: a deleted row's key is never
/// given to another, and a deleted model inserted again is a new row.
@Suite("Primary keys are never reused")
struct PrimaryKeyReuseTests {
    @Test("a deleted, saved model inserted again is written as a new row with a new key")
    func reinsertAfterDeletion() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let stop = Stop(title: "Belém", order: 1)
        context.insert(stop)
        try context.save()
        let firstKey = try #require(stop.persistentBackingData.primaryKey)

        context.delete(stop)
        try context.save()
        context.insert(stop)
        try context.save()

        let secondKey = try #require(stop.persistentBackingData.primaryKey)
        #expect(secondKey != firstKey)
        let rows = try readSQL(container) { db in
            try Row.fetchAll(db, sql: "SELECT _pk, title FROM Stop").map { [$0[0] as Int64, $0[1] as String] as [Any] }
        }
        #expect(rows.count == 1)
        #expect(rows.first?.first as? Int64 == secondKey)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 1)
    }

    @Test("the key of the highest deleted row is not given to the next insert")
    func highestDeletedKeyNotReused() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let first = Stop(title: "one")
        let second = Stop(title: "two")
        context.insert(first)
        context.insert(second)
        try context.save()
        let deletedKey = try #require(second.persistentModelID.primaryKey)

        // Another context still holds the model of the row that is about to go.
        let holder = ModelContext(container)
        let held = try #require(holder.model(for: second.persistentModelID) as? Stop)

        context.delete(second)
        try context.save()
        let third = Stop(title: "three")
        context.insert(third)
        try context.save()

        #expect(third.persistentModelID.primaryKey != deletedKey)
        #expect(held.title == "two")
        // The held model's row is gone; its key names no other row.
        let reader = ModelContext(container)
        let heldID = held.persistentModelID
        #expect(
            try reader.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.persistentModelID == heldID })).isEmpty)
        #expect(reader.core.existingModel(for: heldID) == nil)
    }

    @Test("keys keep increasing after the store is closed and reopened")
    func keysSurviveReopening() throws {
        let folder = TemporaryFolder()
        var deletedKey: Int64?
        do {
            let container = try makeContainer(tripSchemaTypes, folder: folder)
            let context = ModelContext(container)
            let stop = Stop(title: "gone")
            context.insert(stop)
            try context.save()
            deletedKey = stop.persistentModelID.primaryKey
            context.delete(stop)
            try context.save()
        }
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let next = Stop(title: "next")
        context.insert(next)
        try context.save()
        let key = try #require(next.persistentModelID.primaryKey)
        #expect(key > (try #require(deletedKey)))
    }
}
