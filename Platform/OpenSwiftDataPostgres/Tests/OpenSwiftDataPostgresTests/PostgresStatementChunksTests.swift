import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import OpenSwiftDataPostgres

/// A statement holds 65,535 parameters at most: a save of more rows than fit writes them in
/// several statements, each row once.
@Suite("PostgreSQL store: rows in several statements")
struct PostgresStatementChunksTests {
    @Test("rows are cut into runs of as many as fit, in order, each row once, one row at least")
    func chunks() {
        let rows = Array(0..<10)
        let runs = PostgresTables.statementChunks(of: rows, parametersPerRow: 20_000)
        #expect(runs.map(Array.init) == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]])
        #expect(
            PostgresTables.statementChunks(of: rows, parametersPerRow: 100_000).map(\.count)
                == Array(repeating: 1, count: 10))
        #expect(PostgresTables.statementChunks(of: rows, parametersPerRow: 1).map(Array.init) == [rows])
        #expect(PostgresTables.statementChunks(of: [Int](), parametersPerRow: 3).isEmpty)
    }

    @Test("10,000 trips inserted by one save, then every attribute of each changed by one: every row holds its values")
    func manyRows() async throws {
        let url = try await TestPostgres.newDatabase()
        let container = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let count = 10_000
        let context = ModelContext(container)
        for index in 0..<count {
            context.insert(
                Trip(
                    code: "T\(index)", name: "trip \(index)", start: Date(timeIntervalSince1970: Double(index)),
                    budget: Double(index) / 2, travellers: index, isBooked: false))
        }
        try context.save()

        let changing = ModelContext(container)
        for trip in try changing.fetch(FetchDescriptor<Trip>()) {
            trip.code = "U" + trip.code.dropFirst()
            trip.name = trip.name.uppercased()
            trip.start = trip.start.addingTimeInterval(1)
            trip.budget += 1
            trip.travellers += 1
            trip.isBooked = true
            trip.photo = Data([1])
            trip.notes = "changed"
        }
        try changing.save()

        // Each row, read with SQL: every value changed, none twice.
        let rows = try await TestPostgres.execute(
            #"""
            SELECT count(*)::int8, count(DISTINCT code)::int8, sum(travellers)::int8,
                   count(*) FILTER (WHERE code = 'U' || (travellers - 1)::text
                       AND name = 'TRIP ' || (travellers - 1)::text AND budget = (travellers - 1) / 2.0 + 1
                       AND "isBooked" = 1 AND photo = '\x01'::bytea AND notes = 'changed')::int8
            FROM "default"."Trip"
            """#, on: url)
        let (stored, codes, travellers, changed) = try #require(rows.first).decode((Int, Int, Int, Int).self)
        #expect(stored == count)
        #expect(codes == count)
        #expect(travellers == (1...count).reduce(0, +))
        #expect(changed == count)
    }
}
