import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import StoreSyncTesting
import Testing

/// A server with no free connection slot: a context's save fails within the store's wait,
/// saying why, writes nothing, and the store saves again once the server has room.
@Suite("PostgreSQL store: a server with no connection to give")
struct PostgresFullServerTests {
    /// Runs `body` while `count` sessions of `url` stay open.
    private static func holdingSessions<Result: Sendable>(
        _ count: Int, on url: String, while body: () async throws -> Result
    ) async throws -> Result {
        guard count > 0 else { return try await body() }
        return try await TestPostgres.holding("SELECT 1", on: url) {
            try await holdingSessions(count - 1, on: url, while: body)
        }
    }

    @Test(
        "a save while every connection slot of the server is taken fails within seconds, naming the server's refusal; nothing is written, and the next save once there is room succeeds"
    )
    func saveOnAFullServer() async throws {
        let slots = 6
        let server = try await TestPostgres.startOwnServer(settings: ["max_connections=\(slots)"])
        let url = try await server.newDatabase()
        let container = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let context = ModelContext(container)
        context.insert(Trip(code: "FUL", name: "Full", start: .now, budget: 1, travellers: 1, isBooked: false))

        let (error, waited) = try await Self.holdingSessions(slots, on: url) {
            let started = ContinuousClock.now
            let error = #expect(throws: PostgresStoreError.self) { try context.save() }
            return (error, ContinuousClock.now - started)
        }
        let message = error.map { "\($0)" } ?? "no error"
        #expect(message.contains("no connection within 10 s"), "\(message)")
        #expect(message.contains("too many clients"), "\(message)")
        #expect(waited >= .seconds(10) && waited < .seconds(30), "\(waited)")
        #expect(try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Trip""#, on: url) == 0)

        // The sessions are gone: the same changes save.
        try context.save()
        #expect(try await TestPostgres.integer(#"SELECT count(*) FROM "default"."Trip""#, on: url) == 1)
    }
}
