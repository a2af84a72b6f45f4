import Foundation
import Logging
import PostgresNIO

/// The best a postgres-nio user writes to move the same rows: a table shaped as StoreSync's
/// records (name, entity, fields and their versions as JSON, the version, a sequence
/// number), 1,000 rows per execution of one named prepared multi-row `INSERT`, in one
/// transaction; and one `SELECT` of every row, decoded into structs. What a push and a
/// pull are measured against.
enum Baseline {
    /// Rows per execution of the prepared `INSERT`.
    static let rowsPerInsert = 1_000

    /// One row, as a push sends it.
    struct Row: Sendable {
        let name: UUID
        let entity: String
        let fields: String
        let fieldVersions: String
        let wall: Int64
        let counter: Int64
        let device: UUID
        let sequence: Int64
    }

    /// `count` rows like the benchmark's movies: a movie number and a creation time.
    static func rows(count: Int) -> [Row] {
        let device = UUID()
        let wall = Int64(Date().timeIntervalSince1970 * 1000)
        let stamp = "\(wall)-0000-\(device.uuidString)"
        return (1...count).map { id in
            Row(
                name: UUID(), entity: "BenchmarkMovie",
                fields: #"{"createdAt":\#(Double(wall) / 1000),"movieID":\#(id)}"#,
                fieldVersions: #"{"createdAt":"\#(stamp)","movieID":"\#(stamp)"}"#, wall: wall, counter: 0,
                device: device, sequence: Int64(id))
        }
    }

    /// The prepared statement: `rowsPerInsert` rows of eight values each.
    struct Insert: PostgresPreparedStatement {
        typealias Row = Void

        static let sql =
            "INSERT INTO baseline_records (record_name, entity, fields, field_versions, version_wall, "
            + "version_counter, device, seq) VALUES "
            + (0..<rowsPerInsert).map { row in
                let first = row * 8
                return "($\(first + 1), $\(first + 2), $\(first + 3)::jsonb, $\(first + 4)::jsonb, $\(first + 5), "
                    + "$\(first + 6), $\(first + 7), $\(first + 8))"
            }.joined(separator: ", ")

        let rows: ArraySlice<Baseline.Row>

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: rows.count * 8)
            for row in rows {
                bindings.append(row.name)
                bindings.append(row.entity)
                bindings.append(row.fields)
                bindings.append(row.fieldVersions)
                bindings.append(row.wall)
                bindings.append(row.counter)
                bindings.append(row.device)
                bindings.append(row.sequence)
            }
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// Connects to the server of `url` (`postgres://user:password@host:port/database`).
    static func connect(_ url: String) async throws -> PostgresConnection {
        guard let components = URLComponents(string: url), let host = components.host else {
            throw BaselineError(description: "not a server URL: \(url)")
        }
        let configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: String(components.path.dropFirst()), tls: .disable)
        return try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: Logger(label: "baseline"))
    }

    /// Sends `rows` into a new table in one transaction; the seconds it took (the table's
    /// creation before the clock starts).
    static func push(_ rows: [Row], url: String) async throws -> Double {
        let connection = try await connect(url)
        defer { Task { try? await connection.close() } }
        let logger = Logger(label: "baseline")
        try await connection.query("DROP TABLE IF EXISTS baseline_records", logger: logger)
        try await connection.query(
            """
            CREATE TABLE baseline_records (record_name uuid PRIMARY KEY, entity text NOT NULL,
                fields jsonb NOT NULL, field_versions jsonb NOT NULL, version_wall int8 NOT NULL,
                version_counter int8 NOT NULL, device uuid NOT NULL, deleted bool NOT NULL DEFAULT false,
                seq int8 NOT NULL)
            """, logger: logger)
        precondition(rows.count % rowsPerInsert == 0, "the baseline sends whole statements of \(rowsPerInsert) rows")
        let start = ContinuousClock.now
        try await connection.query("BEGIN", logger: logger)
        var offset = 0
        while offset < rows.count {
            _ = try await connection.execute(Insert(rows: rows[offset..<offset + rowsPerInsert]), logger: logger)
            offset += rowsPerInsert
        }
        try await connection.query("COMMIT", logger: logger)
        return (ContinuousClock.now - start) / .seconds(1)
    }

    /// Reads every row of the table into structs; the seconds it took, and the rows.
    static func pull(url: String) async throws -> (Double, Int) {
        let connection = try await connect(url)
        defer { Task { try? await connection.close() } }
        let start = ContinuousClock.now
        var rows: [Row] = []
        let result = try await connection.query(
            """
            SELECT record_name, entity, fields::text, field_versions::text, version_wall, version_counter,
                device, seq FROM baseline_records ORDER BY seq
            """, logger: Logger(label: "baseline"))
        for try await (name, entity, fields, versions, wall, counter, device, sequence) in result.decode(
            (UUID, String, String, String, Int64, Int64, UUID, Int64).self)
        {
            rows.append(
                Row(
                    name: name, entity: entity, fields: fields, fieldVersions: versions, wall: wall, counter: counter,
                    device: device, sequence: sequence))
        }
        return ((ContinuousClock.now - start) / .seconds(1), rows.count)
    }
}

struct BaselineError: Error, CustomStringConvertible {
    let description: String
}
