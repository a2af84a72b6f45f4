import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

/// `ModelContext.enumerate` on the PostgreSQL store: a batch at a time through a server-side
/// cursor, with the SQLite store's `enumerate` as the oracle for what it gives; the server's
/// own view of its sessions (`pg_stat_activity`, read by `psql`) for how it reads.
@Suite("PostgreSQL store: enumerate through a server-side cursor")
struct PostgresCursorTests {
    private static func postgres(_ url: String) throws -> ModelContainer {
        try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
    }

    /// What `psql` prints for `sql` on the database of `url`, run while the caller waits (a
    /// block of `enumerate` cannot await).
    private static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-tAc", sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The sessions of the database whose last statement read a batch of a cursor.
    private static let cursorSessions =
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'FETCH % FROM openswiftdata_batches'"

    @Test("enumerate gives SQLite's models in SQLite's order, reading them a batch at a time from a cursor")
    func batchesInOrder() async throws {
        let url = try await TestPostgres.newDatabase()
        let folder = TemporaryFolder(prefix: "PostgresCursor")
        let sqlite = try ModelContainer(
            for: Trip.self, Stop.self, configurations: ModelConfiguration(url: folder.file("trips.sqlite")))
        try TripData.insertNumbered(25, into: try Self.postgres(url))
        try TripData.insertNumbered(25, into: sqlite)
        let descriptor = FetchDescriptor<Trip>(
            predicate: #Predicate { $0.travellers != 3 }, sortBy: [SortDescriptor(\.budget, order: .reverse)])

        var read: [String] = []
        var sessionsDuring = ""
        try ModelContext(try Self.postgres(url)).enumerate(descriptor, batchSize: 4) { trip in
            if read.isEmpty { sessionsDuring = try Self.psql(url, Self.cursorSessions) }
            read.append("\(trip.code) \(trip.budget) \(trip.stops.map(\.place))")
        }
        var oracle: [String] = []
        try ModelContext(sqlite).enumerate(descriptor, batchSize: 4) { trip in
            oracle.append("\(trip.code) \(trip.budget) \(trip.stops.map(\.place))")
        }
        #expect(read.count == 19)
        #expect(read == oracle)
        #expect(sessionsDuring == "1", "sessions reading a cursor while the block ran: \(sessionsDuring)")
        #expect(try Self.psql(url, Self.cursorSessions) == "0")
    }

    @Test(
        "the block may save, and another process too: the enumeration reads the state it began with; a block that throws ends it"
    )
    func blockSavesAndThrows() async throws {
        let url = try await TestPostgres.newDatabase()
        try TripData.insertNumbered(25, into: try Self.postgres(url))
        let context = ModelContext(try Self.postgres(url))
        let other = ModelContext(try Self.postgres(url))
        var codes: [String] = []
        try context.enumerate(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.budget)]), batchSize: 3) { trip in
            codes.append(trip.code)
            if codes.count == 1 {
                other.insert(
                    Trip(
                        code: "NEW", name: "new", start: Date(timeIntervalSince1970: 0), budget: -1, travellers: 1,
                        isBooked: false))
                try other.save()
                trip.name = "renamed in the block"
                try context.save()
            }
        }
        #expect(codes.count == 25)
        #expect(!codes.contains("NEW"))
        let renamed = try ModelContext(try Self.postgres(url)).fetch(
            FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "renamed in the block" }))
        #expect(renamed.map(\.code) == [codes[0]])

        struct Stop: Error {}
        var given = 0
        #expect(throws: Stop.self) {
            try context.enumerate(FetchDescriptor<Trip>(), batchSize: 2) { _ in
                given += 1
                if given == 3 { throw Stop() }
            }
        }
        #expect(given == 3)
        // Its connection closed: no session is left in the cursor's transaction.
        var left = try Self.psql(url, Self.cursorSessions)
        let deadline = ContinuousClock.now + .seconds(10)
        while left != "0" && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            left = try Self.psql(url, Self.cursorSessions)
        }
        #expect(left == "0")
    }
}
