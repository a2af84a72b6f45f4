import ChildProcess
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import StoreSyncTesting
import Testing

/// A fetch gives each model its attributes and its relationships from one committed state of
/// the database, as SwiftData's store reads them in one transaction: never the attributes
/// from before another program's save and the relationships from after it.
@Suite("PostgreSQL store: one state of the database per fetch")
struct PostgresReadConsistencyTests {
    /// A `DO` block that moves a random stop to another trip until the table `mover_done`
    /// exists (or five minutes have passed), each move one transaction that also keeps every
    /// trip's `travellers` equal to its number of stops.
    private static let mover = """
        DO $$
        DECLARE
          deadline timestamptz := clock_timestamp() + interval '5 minutes';
        BEGIN
          WHILE to_regclass('"default".mover_done') IS NULL AND clock_timestamp() < deadline LOOP
            WITH pick AS (
              SELECT s."_pk" AS stop, s."trip" AS source FROM "default"."Stop" AS s ORDER BY random() LIMIT 1
            ), destination AS (
              SELECT t."_pk" AS trip FROM "default"."Trip" AS t, pick WHERE t."_pk" <> pick.source
              ORDER BY random() LIMIT 1
            ), moved AS (
              UPDATE "default"."Stop" AS s SET "trip" = destination.trip FROM pick, destination
              WHERE s."_pk" = pick.stop RETURNING pick.source, destination.trip AS destination
            )
            UPDATE "default"."Trip" AS t
            SET "travellers" = t."travellers" + CASE WHEN t."_pk" = moved.destination THEN 1 ELSE -1 END
            FROM moved WHERE t."_pk" IN (moved.source, moved.destination);
            COMMIT;
          END LOOP;
        END $$
        """

    @Test(
        "while psql moves stops between trips, each move one transaction that keeps a trip's travellers equal to its stops, each of 100 fetches gives every trip as many stops as travellers"
    )
    func attributesAndRelationshipsFromOneState() async throws {
        let url = try await TestPostgres.newDatabase()
        let container = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let setup = ModelContext(container)
        for (code, count) in [("A", 4), ("B", 2), ("C", 0)] {
            let trip = Trip(code: code, name: code, start: .now, budget: 0, travellers: count, isBooked: false)
            setup.insert(trip)
            for index in 0..<count {
                let stop = Stop(place: "\(code)\(index)", nights: 1)
                setup.insert(stop)
                stop.trip = trip
            }
        }
        try setup.save()

        let psql = ChildProcess()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        psql.arguments = [url, "-q", "-v", "ON_ERROR_STOP=1", "-c", Self.mover]
        let errors = Pipe()
        psql.standardOutput = FileHandle.nullDevice
        psql.standardError = errors
        try psql.run()
        // Every trip, and the trips a condition picks (a query that reads some rows only).
        let descriptors = [
            FetchDescriptor<Trip>(), FetchDescriptor<Trip>(predicate: #Predicate { $0.travellers >= 0 }),
        ]
        var reads = 0
        var torn: [String] = []
        // The trips' travellers as each fetch saw them: the moves went on between the fetches.
        var states: Set<[Int]> = []
        while reads < 100 && psql.isRunning {
            for descriptor in descriptors {
                let trips = try ModelContext(container).fetch(descriptor)
                for trip in trips where trip.stops.count != trip.travellers {
                    torn.append("\(trip.code): \(trip.travellers) travellers, \(trip.stops.count) stops")
                }
                states.insert(trips.sorted { $0.code < $1.code }.map(\.travellers))
                reads += 1
            }
        }
        _ = try await TestPostgres.execute(#"CREATE TABLE "default".mover_done ()"#, on: url)
        let message = await BlockingWork.run {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        await psql.exited()
        #expect(psql.terminationReason == .exit && psql.terminationStatus == 0, "\(message)")
        #expect(reads == 100)
        #expect(states.count >= 3, "the stops moved between the fetches: \(states)")
        #expect(torn.isEmpty, "\(torn.count) trips read torn in \(reads) fetches, such as \(torn.prefix(3))")
        #expect(
            try await TestPostgres.integer(#"SELECT sum("travellers")::int8 FROM "default"."Trip""#, on: url) == 6)
    }
}
