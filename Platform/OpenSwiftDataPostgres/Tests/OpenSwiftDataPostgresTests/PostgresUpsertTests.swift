import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

/// SwiftData's upsert on the PostgreSQL store: inserting a model whose unique value is a
/// stored model's updates that model's row instead of failing on the constraint ("the
/// automatic UPSERT whereby trying to create a record with the same unique key as a record
/// that already exists does not trigger an INSERT error but automatically updates the
/// existing record", developer.apple.com/forums/thread/835763). The same saves run on the
/// SQLite store, whose upsert the conformance runs check, as the oracle.
@Suite("PostgreSQL store: upserts on unique values")
struct PostgresUpsertTests {
    private static let base = Date(timeIntervalSince1970: 1_700_000_000)

    private static func trip(_ code: String, _ name: String, budget: Double = 100) -> Trip {
        Trip(code: code, name: name, start: base, budget: budget, travellers: 2, isBooked: false)
    }

    /// What a person reads of the trips, from a new context.
    private static func describe(_ container: ModelContainer) throws -> [String] {
        let context = ModelContext(container)
        return try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.code)])).map {
            "\($0.code) \($0.name) \($0.budget) \($0.stops.map(\.place).sorted())"
        }
    }

    /// A PostgreSQL container and a SQLite one with the same models; the database's URL, and
    /// the SQLite store's folder (removed when it goes).
    private static func containers() async throws -> (
        postgres: ModelContainer, sqlite: ModelContainer, url: String, folder: TemporaryFolder
    ) {
        let url = try await TestPostgres.newDatabase()
        let postgres = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let folder = TemporaryFolder(prefix: "PostgresUpsert")
        let sqlite = try ModelContainer(
            for: Trip.self, Stop.self, configurations: ModelConfiguration(url: folder.file("trips.sqlite")))
        return (postgres, sqlite, url, folder)
    }

    /// Lisbon with one stop, saved.
    private static func seed(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        let lisbon = trip("LIS", "Lisbon")
        let stop = Stop(place: "Alfama", nights: 2)
        context.insert(lisbon)
        context.insert(stop)
        stop.trip = lisbon
        try context.save()
    }

    @Test("a new model with a stored unique value updates that row, whose links it adds to")
    func newModelUpdatesTheRow() async throws {
        let (postgres, sqlite, url, folder) = try await Self.containers()
        defer { withExtendedLifetime(folder) {} }
        for container in [postgres, sqlite] {
            try Self.seed(container)
            let context = ModelContext(container)
            let again = Self.trip("LIS", "Lisbon again", budget: 250)
            let stop = Stop(place: "Belém", nights: 1)
            context.insert(again)
            context.insert(stop)
            stop.trip = again
            try context.save()
            #expect(again.stops.map(\.place).sorted() == ["Alfama", "Belém"])
        }
        let read = try Self.describe(postgres)
        #expect(read == [#"LIS Lisbon again 250.0 ["Alfama", "Belém"]"#])
        #expect(read == (try Self.describe(sqlite)))
        let rows = try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Trip""#, on: url)
        #expect(rows == 1)
    }

    @Test("the context's model of the row stays its live model: it shows the save, and the new model's links go to it")
    func heldModelStaysLive() async throws {
        let (postgres, sqlite, _, folder) = try await Self.containers()
        defer { withExtendedLifetime(folder) {} }
        var outcomes: [[String]] = []
        for container in [postgres, sqlite] {
            try Self.seed(container)
            let context = ModelContext(container)
            let held = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
            #expect(held.stops.count == 1)
            let again = Self.trip("LIS", "Lisbon again", budget: 250)
            let stop = Stop(place: "Belém", nights: 1)
            context.insert(again)
            context.insert(stop)
            stop.trip = again
            try context.save()
            #expect(held.name == "Lisbon again")
            #expect(stop.trip === held)
            #expect(again.modelContext == nil)
            #expect(again.persistentModelID == held.persistentModelID)
            let fetched = try context.fetch(FetchDescriptor<Trip>())
            #expect(fetched.count == 1)
            #expect(fetched.first === held)
            outcomes.append([held.name, "\(held.budget)", "\(held.stops.map(\.place).sorted())"])
        }
        #expect(outcomes[0] == ["Lisbon again", "250.0", #"["Alfama", "Belém"]"#])
        #expect(outcomes[0] == outcomes[1])
        #expect(try Self.describe(postgres) == (try Self.describe(sqlite)))
    }

    @Test("two new models with one unique value in one save make one row, the later one's values")
    func twiceInOneSave() async throws {
        let (postgres, sqlite, url, folder) = try await Self.containers()
        defer { withExtendedLifetime(folder) {} }
        for container in [postgres, sqlite] {
            let context = ModelContext(container)
            context.insert(Self.trip("OSL", "Oslo"))
            context.insert(Self.trip("OSL", "Oslo, later", budget: 300))
            try context.save()
        }
        let read = try Self.describe(postgres)
        #expect(read == ["OSL Oslo, later 300.0 []"])
        #expect(read == (try Self.describe(sqlite)))
        #expect(try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Trip""#, on: url) == 1)
    }

    @Test("a row deleted and a new model with its unique value, in one save: a new row, the old one's stops cascaded")
    func deletedAndInsertedInOneSave() async throws {
        let (postgres, sqlite, _, folder) = try await Self.containers()
        defer { withExtendedLifetime(folder) {} }
        for container in [postgres, sqlite] {
            try Self.seed(container)
            let context = ModelContext(container)
            let old = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
            context.delete(old)
            context.insert(Self.trip("LIS", "Lisbon anew"))
            try context.save()
            #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 0)
        }
        let read = try Self.describe(postgres)
        #expect(read == ["LIS Lisbon anew 100.0 []"])
        #expect(read == (try Self.describe(sqlite)))
    }
}
