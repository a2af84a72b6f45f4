import Foundation
import OpenSwiftData
import PostgresNIO
import StoreSyncTesting
import Testing

@testable import OpenSwiftDataPostgres

/// The conditions the store writes are ones PostgreSQL answers with an index: a lookup by a
/// unique attribute reads one row, not the whole table.
@Suite("PostgreSQL store: conditions an index answers")
struct PostgresIndexUseTests {
    /// The plan PostgreSQL makes for the store's statement of `descriptor`, with sequential
    /// scans ruled out where another plan exists.
    private static func plan(of descriptor: FetchDescriptor<Trip>, on store: PostgresStore) throws -> String {
        let query = try PostgresFetchQuery(
            descriptor, layout: try #require(store.tables.layouts["Trip"]), tables: store.tables,
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
        let equal = try Self.plan(of: FetchDescriptor(predicate: #Predicate { $0.code == code }), on: store)
        #expect(equal.contains("Index Scan") && equal.contains("Trip_code_key"), "\(equal)")
        let both = try Self.plan(
            of: FetchDescriptor(predicate: #Predicate { $0.code == code && $0.travellers > 1 }), on: store)
        #expect(both.contains("Index Scan") && both.contains("Trip_code_key"), "\(both)")
    }
}
