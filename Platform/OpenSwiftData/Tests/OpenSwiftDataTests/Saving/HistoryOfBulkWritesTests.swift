import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A model whose `label` a deletion's tombstone keeps.
@Model
final class BulkNote {
    @Attribute(.preserveValueOnDeletion) var label: String
    var body: String = ""
    init(label: String) { self.label = label }
}

// Writes that do not go through a context's save (erasing a container, copying the rows of
// another store) are recorded in the history like a save's, so that a reader of the history
// (a sync) learns of them.

@Suite("Erasing a container and copying rows are recorded in the history")
struct HistoryOfBulkWritesTests {
    private func history(_ container: ModelContainer) throws -> [DefaultHistoryTransaction] {
        try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
    }

    private func deletes(in transaction: DefaultHistoryTransaction) -> [(String, PersistentIdentifier)] {
        transaction.changes.compactMap { change in
            guard case .delete(let delete) = change else { return nil }
            return (delete.changedPersistentIdentifier.entityName, delete.changedPersistentIdentifier)
        }
    }

    private func inserts(in transaction: DefaultHistoryTransaction) -> [PersistentIdentifier] {
        transaction.changes.compactMap { change in
            guard case .insert(let insert) = change else { return nil }
            return insert.changedPersistentIdentifier
        }
    }

    @Test("erase records a deletion of every model, under its own entity, after the history it keeps")
    func eraseRecordsDeletions() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([BulkNote.self, Vehicle.self, Truck.self], folder: folder)
        let context = ModelContext(container)
        let notes = [BulkNote(label: "one"), BulkNote(label: "two")]
        let vehicle = Vehicle(plate: "V")
        let truck = Truck(plate: "T", fleetNumber: 1, payload: 2)
        for note in notes { context.insert(note) }
        context.insert(vehicle)
        context.insert(truck)
        try context.save()
        let identifiers = Set(notes.map(\.persistentModelID) + [vehicle.persistentModelID, truck.persistentModelID])
        let earlier = try history(container)
        #expect(earlier.count == 1)

        try container.erase()

        let after = try history(container)
        // The saves recorded before are still there: a reader that had not read them yet
        // (a sync that had not pushed) still finds them.
        #expect(after.count == 2)
        #expect(after.first?.transactionIdentifier == earlier.first?.transactionIdentifier)
        let erase = try #require(after.last)
        let deleted = deletes(in: erase)
        #expect(Set(deleted.map(\.1)) == identifiers)
        #expect(deleted.count == 4)
        #expect(deleted.first { $0.1 == truck.persistentModelID }?.0 == "Truck")
        #expect(deleted.first { $0.1 == vehicle.persistentModelID }?.0 == "Vehicle")
        let labels = erase.changes.compactMap { change -> String? in
            guard case .delete(let delete) = change, let note = delete as? DefaultHistoryDelete<BulkNote> else {
                return nil
            }
            return note.tombstone[\.label]
        }
        #expect(labels.sorted() == ["one", "two"])
        // Erasing an empty store records nothing.
        try container.erase()
        #expect(try history(container).count == 2)
    }

    @Test("erasing models without preserved values records runs of keys, one change row per run")
    func eraseRecordsRuns() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Vehicle.self, Truck.self], folder: folder)
        let context = ModelContext(container)
        for number in 0..<500 { context.insert(Vehicle(plate: "\(number)")) }
        context.insert(Truck(plate: "T", fleetNumber: 1, payload: 1))
        for number in 500..<600 { context.insert(Vehicle(plate: "\(number)")) }
        try context.save()
        try container.erase()
        let erase = try #require(try history(container).last)
        let deleted = deletes(in: erase)
        #expect(deleted.count == 601)
        #expect(Set(deleted.map(\.1)).count == 601)
        #expect(deleted.filter { $0.0 == "Truck" }.count == 1)
        let rows = try readSQL(container) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM openswiftdata_history_changes WHERE kind = 2")
        }
        #expect(rows == 3)
    }

    @Test("copyRows records an insert of every copied model, under its own entity, with its new key")
    func copyRowsRecordsInserts() throws {
        let folder = TemporaryFolder()
        do {
            let context = ModelContext(
                try makeContainer([BulkNote.self, Vehicle.self, Truck.self], folder: folder, name: "legacy.sqlite"))
            context.insert(BulkNote(label: "legacy"))
            context.insert(Vehicle(plate: "LV"))
            context.insert(Truck(plate: "LT", fleetNumber: 7, payload: 1))
            try context.save()
        }
        let destination = folder.file("current.sqlite")
        do {
            let context = ModelContext(
                try makeContainer([BulkNote.self, Vehicle.self, Truck.self], folder: folder, name: "current.sqlite"))
            context.insert(BulkNote(label: "current"))
            try context.save()
        }
        try StoreFile(url: destination).copyRows(from: folder.file("legacy.sqlite"))

        let container = try makeContainer(
            [BulkNote.self, Vehicle.self, Truck.self], folder: folder, name: "current.sqlite")
        let transactions = try history(container)
        #expect(transactions.count == 2)
        let copy = try #require(transactions.last)
        let inserted = inserts(in: copy)
        let context = ModelContext(container)
        let copiedNotes = try context.fetch(FetchDescriptor<BulkNote>(predicate: #Predicate { $0.label == "legacy" }))
        let vehicles = try context.fetch(FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.plate)]))
        let expected = copiedNotes.map(\.persistentModelID) + vehicles.map(\.persistentModelID)
        #expect(Set(inserted) == Set(expected))
        #expect(inserted.count == 3)
        #expect(inserted.first { $0 == vehicles.first { $0 is Truck }?.persistentModelID }?.entityName == "Truck")
        #expect(inserted.filter { $0.entityName == "Vehicle" }.count == 1)
    }
}
