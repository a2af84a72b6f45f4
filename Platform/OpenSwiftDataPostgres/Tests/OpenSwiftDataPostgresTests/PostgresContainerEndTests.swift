import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import StoreSyncTesting
import Testing

/// A container on PostgreSQL that the app lets go of, its main context used, closes its
/// pool's connections: the main context does not hold its container back.
@MainActor
@Suite("PostgreSQL store: a container's end")
struct PostgresContainerEndTests {
    /// The connections to the database of `url` other than the query's own.
    private static func connections(_ url: String) async throws -> Int? {
        try await TestPostgres.integer(
            "SELECT count(*)::int8 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
            on: url)
    }

    @Test("a container whose main context saved closes its connections once let go of")
    func connectionsClose() async throws {
        let url = try await TestPostgres.newDatabase()
        do {
            let container = try ModelContainer(
                for: Trip.self, Stop.self,
                configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
            container.mainContext.insert(
                Trip(code: "LIS", name: "Lisbon", start: .now, budget: 100, travellers: 2, isBooked: false))
            try container.mainContext.save()
            #expect(try container.mainContext.fetchCount(FetchDescriptor<Trip>()) == 1)
            #expect(try await Self.connections(url) ?? 0 > 0)
        }
        // The pool closes its connections after its task ends: a few turns of the event loops.
        let deadline = ContinuousClock.now + .seconds(10)
        while try await Self.connections(url) != 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try await Self.connections(url) == 0)
    }
}
