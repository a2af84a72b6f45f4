import Foundation
import GRDB
import Synchronization
import Testing

@testable import OpenSwiftData

@Model
final class Ledger {
    var title: String
    @Relationship(deleteRule: .cascade, inverse: \LedgerEntry.ledger) var entries: [LedgerEntry] = []
    init(title: String) { self.title = title }
}

@Model
final class LedgerEntry {
    var amount: Int
    var ledger: Ledger?
    init(amount: Int) { self.amount = amount }
}

enum LedgerSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Account.self, Posting.self]

    @Model
    final class Account {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Posting {
        var amount: Int
        init(amount: Int) { self.amount = amount }
    }
}

/// Adds a defaulted attribute to accounts, and one without a default to postings, which
/// a lightweight stage refuses over rows.
enum LedgerSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Account.self, Posting.self]

    @Model
    final class Account {
        var name: String
        var currency: String = "EUR"
        init(name: String) { self.name = name }
    }

    @Model
    final class Posting {
        var amount: Int
        var memo: String
        init(amount: Int, memo: String) {
            self.amount = amount
            self.memo = memo
        }
    }
}

enum LedgerMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [LedgerSchemaV1.self, LedgerSchemaV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: LedgerSchemaV1.self, toVersion: LedgerSchemaV2.self)
    ]
}

/// A container of two stores: the trip models in `trips.sqlite`, the ledgers in
/// `ledgers.sqlite`.
@Suite("Several stores in one container")
struct SeveralStoresTests {
    let folder = TemporaryFolder()

    func container() throws -> ModelContainer {
        try ModelContainer(
            for: Schema(tripSchemaTypes + [Ledger.self, LedgerEntry.self]),
            configurations: [
                ModelConfiguration(schema: Schema(tripSchemaTypes), url: folder.file("trips.sqlite")),
                ModelConfiguration(schema: Schema([Ledger.self]), url: folder.file("ledgers.sqlite")),
            ])
    }

    func tables(_ container: ModelContainer, store: Int) throws -> Set<String> {
        try container.stores.stores[store].writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        }
    }

    func rowCount(_ container: ModelContainer, store: Int, table: String) throws -> Int {
        try container.stores.stores[store].writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? -1
        }
    }

    @Test("each store's file has the tables of its own models only, related models included")
    func tablesPerStore() throws {
        let container = try container()
        let trips = try tables(container, store: 0)
        let ledgers = try tables(container, store: 1)
        #expect(trips.isSuperset(of: ["Trip", "Stop", "Guide", "Booking", "Note", "Tag", "Tag_trips"]))
        #expect(trips.isDisjoint(with: ["Ledger", "LedgerEntry"]))
        #expect(ledgers.isSuperset(of: ["Ledger", "LedgerEntry"]))
        #expect(ledgers.isDisjoint(with: ["Trip", "Stop"]))
        #expect(container.stores.schemas[1].entities.map(\.name) == ["Ledger", "LedgerEntry"])
    }

    @Test("fetches, counts, batched fetches, identifiers, enumerate and faults read each entity's own store")
    func routing() throws {
        let container = try container()
        let context = ModelContext(container)
        for index in 0..<30 {
            let ledger = Ledger(title: "ledger \(index)")
            ledger.entries = [LedgerEntry(amount: index), LedgerEntry(amount: -index)]
            context.insert(ledger)
        }
        context.insert(Trip(name: "Bern"))
        try context.save()
        #expect(try rowCount(container, store: 1, table: "LedgerEntry") == 60)
        #expect(try rowCount(container, store: 0, table: "Trip") == 1)

        let reader = ModelContext(container)
        let sorted = FetchDescriptor<Ledger>(sortBy: [SortDescriptor(\.title)])
        #expect(try reader.fetchCount(sorted) == 30)
        let batched = try reader.fetch(sorted, batchSize: 7)
        #expect(batched.count == 30)
        #expect(batched[29].entries.count == 2)
        let identifiers = try reader.fetchIdentifiers(sorted)
        #expect(identifiers.allSatisfy { $0.storeIdentifier == container.stores.stores[1].identifier })
        var amounts = 0
        try reader.enumerate(FetchDescriptor<LedgerEntry>(), batchSize: 11) { amounts += $0.amount }
        #expect(amounts == 0)
        let trip = try #require(try reader.fetch(FetchDescriptor<Trip>()).first)
        #expect(trip.persistentModelID.storeIdentifier == container.stores.stores[0].identifier)
    }

    @Test("an error in the second store's part of a save rolls back the first store's too")
    func failureRollsBackEveryStore() throws {
        let container = try container()
        try container.stores.stores[1].writer.write { db in
            try db.execute(
                sql: "CREATE TRIGGER refuse BEFORE INSERT ON Ledger BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let context = ModelContext(container)
        context.insert(Trip(name: "Vienna"))
        context.insert(Ledger(title: "travel"))
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(try rowCount(container, store: 0, table: "Trip") == 0)
        #expect(try rowCount(container, store: 1, table: "Ledger") == 0)
        #expect(context.hasChanges)
        try container.stores.stores[1].writer.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        try context.save()
        #expect(try rowCount(container, store: 0, table: "Trip") == 1)
        #expect(try rowCount(container, store: 1, table: "Ledger") == 1)
    }

    @Test("a commit that fails after the other store committed: that store's changes count as saved, the rest stay")
    func failedCommit() throws {
        let container = try container()
        // A deferred foreign key is checked at COMMIT: the trips store (written first,
        // committed last) fails to commit after the ledgers store has committed.
        try container.stores.stores[0].writer.write { db in
            try db.execute(sql: "CREATE TABLE guard_parent (id INTEGER PRIMARY KEY)")
            try db.execute(
                sql:
                    "CREATE TABLE guard_child (parent INTEGER REFERENCES guard_parent(id) DEFERRABLE INITIALLY DEFERRED)"
            )
            try db.execute(
                sql: "CREATE TRIGGER dangle AFTER INSERT ON Trip BEGIN INSERT INTO guard_child VALUES (42); END")
        }
        let context = ModelContext(container)
        let trip = Trip(name: "Prague")
        let ledger = Ledger(title: "souvenirs")
        context.insert(trip)
        context.insert(ledger)
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(try rowCount(container, store: 0, table: "Trip") == 0)
        #expect(try rowCount(container, store: 1, table: "Ledger") == 1)
        #expect(!ledger.persistentModelID.isTemporary, "the ledger's store committed: the ledger is saved")
        #expect(trip.persistentModelID.isTemporary)
        #expect(context.insertedModelsArray.map(\.persistentModelID) == [trip.persistentModelID])

        try container.stores.stores[0].writer.write { db in try db.execute(sql: "DROP TRIGGER dangle") }
        try context.save()
        #expect(try rowCount(container, store: 0, table: "Trip") == 1)
        #expect(try rowCount(container, store: 1, table: "Ledger") == 1, "written once")
    }

    @Test("erasing a container of several stores empties each, in nested transactions")
    func erase() throws {
        let container = try container()
        let context = ModelContext(container)
        context.insert(Trip(name: "Ghent"))
        context.insert(Ledger(title: "beer"))
        try context.save()
        try container.stores.stores[1].writer.write { db in
            try db.execute(
                sql: "CREATE TRIGGER keep BEFORE DELETE ON Ledger BEGIN SELECT RAISE(ABORT, 'kept'); END")
        }
        #expect(throws: SwiftDataError.self) { try container.eraseAllData() }
        #expect(try rowCount(container, store: 0, table: "Trip") == 1, "the first store is rolled back too")
        try container.stores.stores[1].writer.write { db in try db.execute(sql: "DROP TRIGGER keep") }
        try container.eraseAllData()
        #expect(try rowCount(container, store: 0, table: "Trip") == 0)
        #expect(try rowCount(container, store: 1, table: "Ledger") == 0)
    }

    @Test("a sync transaction, one SQLite transaction, refuses a container of several stores and writes nothing")
    func syncTransactionRefused() async throws {
        let container = try container()
        let ran = Mutex(false)
        let writing = await #expect(throws: SwiftDataError.self) {
            try await container.performSyncTransaction(author: "sync") { context, _ in
                ran.withLock { $0 = true }
                context.insert(Trip(name: "Lyon"))
                try context.save()
            }
        }
        let reading = await #expect(throws: SwiftDataError.self) {
            try await container.readSyncMetadata { _ in ran.withLock { $0 = true } }
        }
        for error in [writing, reading] {
            guard case .unsupportedConfiguration(let reason) = error?.cause else {
                Issue.record("not refused as an unsupported configuration: \(String(describing: error))")
                continue
            }
            #expect(reason.contains("one store"))
        }
        #expect(!ran.withLock { $0 })
        #expect(try rowCount(container, store: 0, table: "Trip") == 0)
    }

    @Test("with one configuration, its store holds every model of the container's schema")
    func oneConfigurationHoldsAll() throws {
        let container = try ModelContainer(
            for: Schema([Ledger.self, Trip.self]),
            configurations: [ModelConfiguration(schema: Schema([Ledger.self]), url: folder.file("one.sqlite"))])
        let context = ModelContext(container)
        context.insert(Trip(name: "Turin"))
        context.insert(Ledger(title: "wine"))
        try context.save()
        #expect(try rowCount(container, store: 0, table: "Trip") == 1)
        #expect(try rowCount(container, store: 0, table: "Ledger") == 1)
    }

    @Test("a store whose migration fails leaves the stores migrated before it migrated, and itself as it was")
    func migrationFailsInSecondStore() throws {
        func configurations(_ account: any PersistentModel.Type, _ posting: any PersistentModel.Type)
            -> [ModelConfiguration]
        {
            [
                ModelConfiguration(schema: Schema([account]), url: folder.file("accounts.sqlite")),
                ModelConfiguration(schema: Schema([posting]), url: folder.file("postings.sqlite")),
            ]
        }
        do {
            let old = try ModelContainer(
                for: Schema(versionedSchema: LedgerSchemaV1.self),
                configurations: configurations(LedgerSchemaV1.Account.self, LedgerSchemaV1.Posting.self))
            let context = ModelContext(old)
            context.insert(LedgerSchemaV1.Account(name: "cash"))
            context.insert(LedgerSchemaV1.Posting(amount: 5))
            try context.save()
        }
        let postings = try fileBytes(folder.file("postings.sqlite"))
        #expect {
            try ModelContainer(
                for: Schema(versionedSchema: LedgerSchemaV2.self), migrationPlan: LedgerMigrationPlan.self,
                configurations: configurations(LedgerSchemaV2.Account.self, LedgerSchemaV2.Posting.self))
        } throws: { error in
            guard case .refusedChange(let entity, let property, _, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return entity == "Posting" && property == "memo"
        }
        #expect(try fileBytes(folder.file("postings.sqlite")) == postings)
        let accounts = try ModelContainer(
            for: LedgerSchemaV2.Account.self, configurations: ModelConfiguration(url: folder.file("accounts.sqlite")))
        #expect(accounts.migrationReport == nil, "the accounts' store was migrated by the failed open")
        #expect(try ModelContext(accounts).fetch(FetchDescriptor<LedgerSchemaV2.Account>()).map(\.currency) == ["EUR"])
    }
}
