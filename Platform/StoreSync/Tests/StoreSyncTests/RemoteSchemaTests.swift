import Foundation
import StoreSyncTesting
import Testing

@testable import StoreSync

@Suite("Server tables")
struct RemoteSchemaTests {
    /// The tables as release 1 made them (versions by seconds since 1970 and device).
    private static let version1 = [
        "CREATE TABLE storesync_schema (version integer NOT NULL, server_id uuid NOT NULL)",
        "INSERT INTO storesync_schema VALUES (1, gen_random_uuid())",
        "CREATE TABLE storesync_stores (name text PRIMARY KEY)",
        "INSERT INTO storesync_stores VALUES ('notes')",
        "CREATE SEQUENCE storesync_seq",
        """
        CREATE TABLE storesync_records_notes (record_name uuid PRIMARY KEY, entity text NOT NULL, \
        fields jsonb NOT NULL, modified_at double precision NOT NULL, device uuid NOT NULL, \
        deleted boolean NOT NULL, seq bigint NOT NULL)
        """,
        "CREATE INDEX storesync_records_notes_seq ON storesync_records_notes (seq)",
    ]

    @Test(
        "version-1 tables are migrated: each record's time becomes its clock time, in milliseconds, in order; tombstones lose their fields"
    )
    func migratesVersion1() async throws {
        let url = try await TestPostgres.newDatabase()
        for statement in Self.version1 { _ = try await TestPostgres.execute(statement, on: url) }
        let device = UUID()
        for (movie, seconds, deleted) in [(1, 1_700_000_000.250_7, false), (2, 1_700_000_100.0, false), (3, 5.0, true)]
        {
            let name = RecordName.derived(entity: "WatchedMovie", keyValues: ["\(movie)"])
            _ = try await TestPostgres.execute(
                """
                INSERT INTO storesync_records_notes VALUES ('\(name)', 'WatchedMovie', \
                '{"movieID": \(movie), "note": "written by release 1"}', \(seconds), '\(device)', \(deleted), \
                nextval('storesync_seq'))
                """, on: url)
        }

        let machine = try Machine()
        // Stopped before its pull, whose end would remove the tombstone (every device has it).
        await #expect(throws: SyncError.self) { try await machine.sync(url, stoppingAt: .afterConfirmingPush) }
        #expect(try await TestPostgres.integer("SELECT version FROM storesync_schema", on: url) == RemoteSchema.version)
        let rows = try await TestPostgres.execute(
            "SELECT version_wall, version_counter FROM storesync_records_notes ORDER BY version_wall", on: url)
        let versions = try rows.map { try $0.decode((Int64, Int64).self) }
        #expect(versions.map(\.0) == [5_000, 1_700_000_000_250, 1_700_000_100_000])
        #expect(versions.map(\.1) == [0, 0, 0])
        // Version 1 kept a deleted record's fields in its tombstone; version 2 does not.
        let tombstone = try await TestPostgres.execute(
            "SELECT fields::text FROM storesync_records_notes WHERE deleted", on: url)
        #expect(try tombstone.map { try $0.decode(String.self) } == ["{}"])
        let old = try await TestPostgres.integer(
            """
            SELECT count(*) FROM information_schema.columns \
            WHERE table_name = 'storesync_records_notes' AND column_name = 'modified_at'
            """, on: url)
        #expect(old == 0)

        let report = try await machine.sync(url)
        #expect(report.receivedInsertions == 2)
        #expect(try machine.movies().map(\.description) == ["1/written by release 1", "2/written by release 1"])

        // A later edit wins over a migrated record.
        try machine.edit(movie: 1, note: "edited after the migration")
        try await machine.sync(url)
        let other = try Machine()
        try await other.sync(url)
        #expect(try other.movies().map(\.description) == ["1/edited after the migration", "2/written by release 1"])
    }

    @Test(
        "version-2 tables are migrated: each field of a record takes the record's version, and a later edit of one field merges"
    )
    func migratesVersion2() async throws {
        let url = try await TestPostgres.newDatabase()
        let version2 = [
            "CREATE TABLE storesync_schema (version integer NOT NULL, server_id uuid NOT NULL)",
            "INSERT INTO storesync_schema VALUES (2, gen_random_uuid())",
            "CREATE TABLE storesync_stores (name text PRIMARY KEY)",
            "INSERT INTO storesync_stores VALUES ('notes')",
            "CREATE SEQUENCE storesync_seq",
            """
            CREATE TABLE storesync_records_notes (record_name uuid PRIMARY KEY, entity text NOT NULL, \
            fields jsonb NOT NULL, version_wall bigint NOT NULL, version_counter bigint NOT NULL, \
            device uuid NOT NULL, deleted boolean NOT NULL, seq bigint NOT NULL)
            """,
        ]
        for statement in version2 { _ = try await TestPostgres.execute(statement, on: url) }
        let device = UUID()
        let name = RecordName.derived(entity: "WatchedMovie", keyValues: ["4"])
        _ = try await TestPostgres.execute(
            """
            INSERT INTO storesync_records_notes VALUES ('\(name)', 'WatchedMovie', \
            '{"movieID": 4, "note": "written by release 2"}', 1700000000250, 3, '\(device)', false, \
            nextval('storesync_seq'))
            """, on: url)

        let machine = try Machine()
        try await machine.sync(url)
        #expect(try machine.movies().map(\.description) == ["4/written by release 2"])
        let rows = try await TestPostgres.execute("SELECT field_versions::text FROM storesync_records_notes", on: url)
        let text = try #require(try rows.first?.decode(String.self))
        let versions = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        let recordVersion = HybridLogicalClock(wall: 1_700_000_000_250, counter: 3, device: device).fieldVersion
        #expect(versions == ["movieID": recordVersion, "note": recordVersion])
    }
}
