import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

/// The PostgreSQL store against a real server (Debian's package, started by the tests), and
/// against OpenSwiftData's SQLite store as the oracle: the same models, the same saves and the
/// same fetch descriptors give the same answers.
@Suite("PostgreSQL store")
struct PostgresStoreTests {
    private static func container(_ url: String, name: String = "default") throws -> ModelContainer {
        try ModelContainer(
            for: Trip.self, Stop.self,
            configurations: PostgresStoreConfiguration(name: name, url: try #require(URL(string: url))))
    }

    private static func sqliteContainer(in folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: Trip.self, Stop.self, configurations: ModelConfiguration(url: folder.file("trips.sqlite")))
    }

    /// What a person reads of a trip: every attribute and its stops.
    private static func describe(_ trips: [Trip]) -> [String] {
        trips.map { trip in
            let stops = trip.stops.map { "\($0.place)×\($0.nights)" }.sorted().joined(separator: ",")
            return "\(trip.code) \(trip.name) \(trip.start.timeIntervalSince1970) \(trip.budget) \(trip.travellers) "
                + "\(trip.isBooked) \(trip.photo.map { [UInt8]($0) } ?? []) \(trip.notes ?? "-") [\(stops)]"
        }
    }

    @Test(
        "what one container saves, another reads back whole (as a second process would): every attribute, to-one and to-many"
    )
    func roundTrip() async throws {
        let url = try await TestPostgres.newDatabase()
        try TripData.insert(into: ModelContext(try Self.container(url)))
        let folder = TemporaryFolder(prefix: "PostgresStore")
        try TripData.insert(into: ModelContext(try Self.sqliteContainer(in: folder)))

        let sort = [SortDescriptor(\Trip.code)]
        let read = Self.describe(try ModelContext(try Self.container(url)).fetch(FetchDescriptor(sortBy: sort)))
        let oracle = Self.describe(
            try ModelContext(try Self.sqliteContainer(in: folder)).fetch(FetchDescriptor(sortBy: sort)))
        #expect(read.count == 5)
        #expect(read == oracle)
        let stop = try #require(
            try ModelContext(try Self.container(url)).fetch(
                FetchDescriptor<Stop>(predicate: #Predicate { $0.place == "Rome 2" })
            )
            .first)
        #expect(stop.trip?.code == "ROM")
    }

    @Test("predicates, sorts, offsets, limits and counts give the SQLite store's answers")
    func descriptorsAsOnSQLite() async throws {
        let url = try await TestPostgres.newDatabase()
        try TripData.insert(into: ModelContext(try Self.container(url)))
        let folder = TemporaryFolder(prefix: "PostgresStore")
        try TripData.insert(into: ModelContext(try Self.sqliteContainer(in: folder)))
        let postgres = ModelContext(try Self.container(url))
        let sqlite = ModelContext(try Self.sqliteContainer(in: folder))

        var booked = FetchDescriptor<Trip>(
            predicate: #Predicate { $0.isBooked && $0.budget > 500 }, sortBy: [SortDescriptor(\.start, order: .reverse)]
        )
        #expect(try postgres.fetch(booked).map(\.code) == sqlite.fetch(booked).map(\.code))
        booked.fetchLimit = 1
        booked.fetchOffset = 1
        #expect(try postgres.fetch(booked).map(\.code) == sqlite.fetch(booked).map(\.code))
        let named = FetchDescriptor<Trip>(
            predicate: #Predicate { $0.name.localizedStandardContains("o") }, sortBy: [SortDescriptor(\.name)])
        #expect(try postgres.fetch(named).map(\.code) == sqlite.fetch(named).map(\.code))
        let longStops = FetchDescriptor<Stop>(predicate: #Predicate { $0.nights >= 2 })
        #expect(try postgres.fetchCount(longStops) == sqlite.fetchCount(longStops))
        #expect(try postgres.fetchCount(longStops) > 0)
    }

    @Test("an edit and a delete are seen at the other container's next fetch; a cascade deletes the stops")
    func editAndDeleteSeenElsewhere() async throws {
        let url = try await TestPostgres.newDatabase()
        let writer = ModelContext(try Self.container(url))
        try TripData.insert(into: writer)
        let reader = ModelContext(try Self.container(url))
        #expect(try reader.fetchCount(FetchDescriptor<Stop>()) == 11)

        let lisbon = try #require(
            try writer.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "LIS" })).first)
        lisbon.notes = "by train"
        lisbon.budget = 999
        let rome = try #require(
            try writer.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "ROM" })).first)
        writer.delete(rome)
        try writer.save()

        let trips = try ModelContext(try Self.container(url)).fetch(
            FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.code)]))
        #expect(trips.map(\.code) == ["ÉCO", "KYO", "LIS", "OSL"])
        #expect(trips.first { $0.code == "LIS" }.map { "\($0.notes ?? "-") \($0.budget)" } == "by train 999.0")
        #expect(
            try reader.fetchCount(FetchDescriptor<Stop>(predicate: #Predicate { $0.place.starts(with: "Rome") })) == 0)
        let rows = try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Stop""#, on: url)
        #expect(rows == 9)
    }

    @Test(
        "the database applies a cascade itself: a trip deleted by a connection the store does not own takes its stops with it"
    )
    func cascadeInTheDatabase() async throws {
        let url = try await TestPostgres.newDatabase()
        try TripData.insert(into: ModelContext(try Self.container(url)))
        let before = try await TestPostgres.integer(#"SELECT count(*)::int8 FROM "default"."Stop""#, on: url)
        _ = try await TestPostgres.execute(#"DELETE FROM "default"."Trip" WHERE code = 'ROM'"#, on: url)
        let stops = try ModelContext(try Self.container(url)).fetch(FetchDescriptor<Stop>())
        #expect(stops.count == (before ?? 0) - 2)
        #expect(stops.allSatisfy { $0.trip != nil })
    }

    @Test("each configuration name is a PostgreSQL schema of its own: two stores in one database")
    func namespacePerName() async throws {
        let url = try await TestPostgres.newDatabase()
        try TripData.insert(into: ModelContext(try Self.container(url, name: "travel_app")))
        let other = ModelContext(try Self.container(url, name: "other_app"))
        #expect(try other.fetchCount(FetchDescriptor<Trip>()) == 0)
        #expect(try await TestPostgres.integer(#"SELECT count(*) FROM travel_app."Trip""#, on: url) == 5)
        #expect(try await TestPostgres.integer(#"SELECT count(*) FROM other_app."Trip""#, on: url) == 0)
    }

    @Test("a save is one transaction: one refused by a unique constraint writes none of its models")
    func saveIsOneTransaction() async throws {
        let url = try await TestPostgres.newDatabase()
        try TripData.insert(into: ModelContext(try Self.container(url)))
        let context = ModelContext(try Self.container(url))
        let fresh = Trip(code: "NEW", name: "New", start: .now, budget: 1, travellers: 1, isBooked: false)
        context.insert(fresh)
        // A change to another row's code (a new model's would be an upsert): the database
        // refuses the update.
        let oslo = try #require(
            try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "OSL" })).first)
        oslo.code = "LIS"
        #expect(throws: PostgresStoreError.self) { try context.save() }
        #expect(try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Trip""#, on: url) == 5)
        #expect(
            try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Trip" WHERE code = 'NEW'"#, on: url) == 0)
    }

    // The limit turns a wait that never ends into a failure. It is counted from the test's
    // start, which in the parallel run of the whole suite may wait minutes for a thread of
    // the cooperative pool (one per core): 155 s were seen on a machine of two cores.
    @Test(
        "contexts fetching and saving on every thread of the cooperative pool at once all finish",
        .timeLimit(.minutes(10)))
    func saturatedCooperativePool() async throws {
        let url = try await TestPostgres.newDatabase()
        let container = try Self.container(url)
        // One more than the pool's threads: each blocks one while it waits for the server.
        let count = ProcessInfo.processInfo.activeProcessorCount + 1
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    let context = ModelContext(container)
                    context.insert(
                        Trip(code: "T\(index)", name: "T", start: .now, budget: 1, travellers: 1, isBooked: false))
                    try context.save()
                    _ = try context.fetch(FetchDescriptor<Trip>())
                }
            }
            try await group.waitForAll()
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == count)
    }

    // The limit turns a wait that never ends into a failure. It is counted from the test's
    // start, which in the parallel run of the whole suite may wait minutes for a thread of
    // the cooperative pool (one per core): 155 s were seen on a machine of two cores.
    @Test(
        "containers opened and dropped on every thread of the cooperative pool at once all finish",
        .timeLimit(.minutes(10)))
    func containersDroppedOnTheCooperativePool() async throws {
        let url = try await TestPostgres.newDatabase()
        let count = ProcessInfo.processInfo.activeProcessorCount + 1
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    // The container, and its store, go at the end of the task, on its thread.
                    let context = ModelContext(try Self.container(url))
                    context.insert(
                        Trip(code: "D\(index)", name: "D", start: .now, budget: 1, travellers: 1, isBooked: false))
                    try context.save()
                }
            }
            try await group.waitForAll()
        }
        #expect(try ModelContext(try Self.container(url)).fetchCount(FetchDescriptor<Trip>()) == count)
    }

    @Test("a missing database, a wrong password or a closed port fails the container at once, saying which")
    func serverFailures() async throws {
        let url = try await TestPostgres.newDatabase()
        let parts = try #require(URLComponents(string: url))
        var missing = parts
        missing.path = "/no_such_database"
        var wrongPassword = parts
        wrongPassword.password = "not-the-password"
        var closedPort = parts
        closedPort.port = 1
        for (components, expected) in [
            (missing, "has no database no_such_database"), (wrongPassword, "refused the user name or password"),
            (closedPort, "cannot reach"),
        ] {
            let started = ContinuousClock.now
            let error = #expect(throws: (any Error).self) { try Self.container(try #require(components.string)) }
            #expect(error.map { "\($0)" }?.contains(expected) == true, "\(error.map { "\($0)" } ?? "none")")
            #expect(ContinuousClock.now - started < .seconds(15))
        }
    }

    @Test("a URL that is not a postgres:// URL, or a name that cannot name a schema, is refused with a message")
    func refusedConfigurations() throws {
        let notPostgres = PostgresStoreConfiguration(url: try #require(URL(string: "https://example.com/db")))
        #expect(throws: PostgresStoreError.self) { try notPostgres.validate() }
        let badName = PostgresStoreConfiguration(
            name: "two words", url: try #require(URL(string: "postgres://app@127.0.0.1/db")))
        #expect(throws: PostgresStoreError.invalidName("two words")) { try badName.validate() }
        #expect("\(PostgresStoreError.invalidName("two words"))".contains("cannot name a schema"))
    }
}
