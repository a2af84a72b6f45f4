import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("History recording")
struct HistoryRecordingTests {
    private func transactions(_ container: ModelContainer) throws -> [DefaultHistoryTransaction] {
        try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
    }

    private func rowCount(_ table: String, _ container: ModelContainer) throws -> Int {
        try readSQL(container) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }

    @Test("history is written in the save's transaction: when recording fails, the save writes nothing")
    func sameTransaction() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Trip.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Trip(name: "Lisbon"))
        try context.save()
        try container.stores.stores[0].writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse_history BEFORE INSERT ON \(StoreHistory.changesTable)
                    BEGIN SELECT RAISE(ABORT, 'history refused'); END
                    """)
        }

        context.insert(Trip(name: "Porto"))
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(try rowCount("Trip", container) == 1)
        #expect(try rowCount(StoreHistory.transactionsTable, container) == 1)
        #expect(context.hasChanges)

        try container.stores.stores[0].writer.write { db in try db.execute(sql: "DROP TRIGGER refuse_history") }
        try context.save()
        #expect(try rowCount("Trip", container) == 2)
        #expect(try transactions(container).count == 2)
    }

    @Test("a cascade records a delete for every model it removes")
    func cascade() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Trip.self], folder: folder)
        let context = ModelContext(container)
        let trip = Trip(name: "Lisbon")
        context.insert(trip)
        trip.stops = [Stop(title: "Belém"), Stop(title: "Alfama")]
        try context.save()
        context.delete(trip)
        try context.save()

        let deletes = try #require(try transactions(container).last).changes.compactMap { change in
            if case .delete = change { return change.changedPersistentIdentifier.entityName }
            return nil
        }
        #expect(deletes.sorted() == ["Stop", "Stop", "Trip"])
    }

    @Test("inserts of two entities, interleaved, record every model, consecutive keys of one entity as one row")
    func interleavedInserts() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Trip.self], folder: folder)
        let context = ModelContext(container)
        let models: [any PersistentModel] = [
            Trip(name: "Lisbon"), Stop(title: "Belém"), Trip(name: "Porto"), Trip(name: "Faro"), Stop(title: "Sé"),
        ]
        for model in models { context.insert(model) }
        try context.save()

        let inserted = try #require(try transactions(container).last).changes.compactMap { change in
            if case .insert = change { return change.changedPersistentIdentifier }
            return nil
        }
        #expect(Set(inserted) == Set(models.map(\.persistentModelID)))
        #expect(inserted.count == models.count)
        // Trip 1, Stop 1, Trips 2–3, Stop 2: Porto and Faro share a row.
        #expect(try rowCount(StoreHistory.changesTable, container) == 4)
    }

    @Test("inserting a model equal on a unique attribute to a stored one records an update")
    func upsert() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Trip.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Trip(name: "Lisbon", budget: 100))
        try context.save()
        context.insert(Trip(name: "Lisbon", budget: 200))
        try context.save()

        let change = try #require(try transactions(container).last?.changes.first)
        guard case .update(let update as DefaultHistoryUpdate<Trip>) = change else {
            Issue.record("an upsert is recorded as \(change)")
            return
        }
        #expect(update.updatedAttributes.contains(\Trip.budget))
        #expect(try rowCount("Trip", container) == 1)
    }

    @Test("a store without history (written before it existed) reads as an empty history")
    func noHistoryTables() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Trip.self], folder: folder)
        #expect(try transactions(container).isEmpty)
        try ModelContext(container).deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(try readSQL(container) { db in try db.tableExists(StoreHistory.transactionsTable) } == false)
    }
}
