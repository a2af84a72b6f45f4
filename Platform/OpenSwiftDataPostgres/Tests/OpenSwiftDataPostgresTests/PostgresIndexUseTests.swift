import Foundation
import OpenSwiftData
import PostgresNIO
import StoreSyncTesting
import Testing

@testable import OpenSwiftDataPostgres

/// A sensor's reading, with `#Index` indexes on one attribute and on two.
@Model
final class Reading {
    #Index<Reading>([\.taken], [\.sensor, \.value])
    var sensor: String
    var taken: Date
    var value: Double
    var note: String?

    init(sensor: String, taken: Date, value: Double) {
        self.sensor = sensor
        self.taken = taken
        self.value = value
    }
}

/// The conditions the store writes are ones PostgreSQL answers with an index: a lookup by a
/// unique attribute, or a range of an `#Index` attribute, reads the rows it names, not the
/// whole table.
@Suite("PostgreSQL store: conditions an index answers")
struct PostgresIndexUseTests {
    /// The plan PostgreSQL makes for the store's statement of `descriptor`, with sequential
    /// scans ruled out where another plan exists.
    private static func plan<T: PersistentModel>(
        of descriptor: FetchDescriptor<T>, on store: PostgresStore
    ) throws -> String {
        let query = try PostgresFetchQuery(
            descriptor, layout: try #require(store.tables.layouts[String(describing: T.self)]), tables: store.tables,
            storeIdentifier: store.identifier)
        let select = query.select([PostgresTables.quote(PostgresTables.primaryKey)], from: store.tables)
        let explain = PostgresQuery(unsafeSQL: "EXPLAIN " + select.sql, binds: select.binds)
        return try store.inTransaction { connection, logger in
            try await connection.statement("SET LOCAL enable_seqscan = off", logger: logger)
            var lines: [String] = []
            for try await line in try await connection.statement(explain, logger: logger).decode(String.self) {
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        }
    }

    @Test("an equality on a unique attribute, alone or beside another condition, is a scan of its unique index")
    func uniqueEquality() async throws {
        let url = try await TestPostgres.newDatabase()
        let schema = Schema([Trip.self, Stop.self])
        let store = try PostgresStore(
            PostgresStoreConfiguration(schema: schema, url: try #require(URL(string: url))), migrationPlan: nil)
        let code = "LIS"
        let equal = try Self.plan(of: FetchDescriptor(predicate: #Predicate<Trip> { $0.code == code }), on: store)
        #expect(equal.contains("Index Scan") && equal.contains("Trip_code_key"), "\(equal)")
        let both = try Self.plan(
            of: FetchDescriptor(predicate: #Predicate<Trip> { $0.code == code && $0.travellers > 1 }), on: store)
        #expect(both.contains("Index Scan") && both.contains("Trip_code_key"), "\(both)")
    }

    @Test(
        "a range of an #Index attribute, alone, negated or after an equality on a two-attribute index, is a scan of its index"
    )
    func declaredIndexes() async throws {
        let url = try await TestPostgres.newDatabase()
        let schema = Schema([Reading.self])
        let store = try PostgresStore(
            PostgresStoreConfiguration(schema: schema, url: try #require(URL(string: url))), migrationPlan: nil)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let range = try Self.plan(of: FetchDescriptor(predicate: #Predicate<Reading> { $0.taken >= day }), on: store)
        #expect(range.contains("Reading_taken_idx"), "\(range)")
        let later = day + 60
        let within = try Self.plan(
            of: FetchDescriptor(predicate: #Predicate<Reading> { $0.taken > day && !($0.taken > later) }), on: store)
        #expect(within.contains("Reading_taken_idx"), "\(within)")
        let sensor = "north"
        let pair = try Self.plan(
            of: FetchDescriptor(predicate: #Predicate<Reading> { $0.sensor == sensor && $0.value < 2.5 }), on: store)
        #expect(pair.contains("Reading_sensor_value_idx"), "\(pair)")
    }
}
