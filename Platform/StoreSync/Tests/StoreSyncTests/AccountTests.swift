import Foundation
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Several people on one PostgreSQL database, a role each.
@Suite("Accounts")
struct AccountTests {
    @Test("two roles on one database: each syncs its own records, and neither can read the other's")
    func rolesAreSeparate() async throws {
        let admin = try await TestPostgres.newDatabase()
        let alice = try await TestPostgres.newAccount(on: admin)
        let bob = try await TestPostgres.newAccount(on: admin)
        let aliceLaptop = try Machine()
        let aliceDesktop = try Machine()
        let bobLaptop = try Machine()
        // The same movie: a name derived from the domain key, the same in both accounts.
        try aliceLaptop.add(movie: 550, at: 1_000, note: "Alice's")
        try bobLaptop.add(movie: 550, at: 2_000, note: "Bob's")
        try await aliceLaptop.sync(alice)
        try await bobLaptop.sync(bob)
        try await aliceDesktop.sync(alice)
        try await aliceLaptop.sync(alice)

        #expect(try aliceDesktop.movies().map(\.description) == ["550/Alice's"])
        #expect(try aliceLaptop.movies().map(\.description) == ["550/Alice's"])
        #expect(try bobLaptop.movies().map(\.description) == ["550/Bob's"])

        // Through SQL too: Bob's role cannot read Alice's tables, nor the other way round.
        let aliceRole = try #require(URLComponents(string: alice)?.user)
        let bobRole = try #require(URLComponents(string: bob)?.user)
        await #expect(throws: (any Error).self) {
            _ = try await TestPostgres.execute("SELECT * FROM \(aliceRole).storesync_records_notes", on: bob)
        }
        await #expect(throws: (any Error).self) {
            _ = try await TestPostgres.execute("SELECT * FROM \(bobRole).storesync_records_notes", on: alice)
        }
        // Each role's own query sees its own record only.
        let own = try await TestPostgres.execute("SELECT fields->>'note' FROM storesync_records_notes", on: bob)
        #expect(try own.map { try $0.decode(String.self) } == ["Bob's"])
    }

    @Test("tables an earlier release made in the public schema move to the role's own, records kept")
    func publicTablesMove() async throws {
        let url = try await TestPostgres.newDatabase()
        let account = try await TestPostgres.newAccount(on: url)
        let role = try #require(URLComponents(string: account)?.user)
        let first = try Machine()
        try first.add(movie: 12, at: 1_000, note: "kept")
        try await first.sync(account)
        // As an earlier release left them: the same tables, in `public`.
        for (name, kind) in [
            ("storesync_schema", "TABLE"), ("storesync_stores", "TABLE"), ("storesync_records_notes", "TABLE"),
            ("storesync_seq", "SEQUENCE"),
        ] {
            _ = try await TestPostgres.execute("ALTER \(kind) \(role).\(name) SET SCHEMA public", on: url)
        }
        let second = try Machine()
        let report = try await second.sync(account)
        #expect(report.receivedInsertions == 1)
        #expect(try second.movies().map(\.description) == ["12/kept"])
        let left = try await TestPostgres.integer(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'storesync%'", on: url)
        #expect(left == 0)
    }

    @Test("a schema another role made before the account's first sync is refused, naming its owner; nothing is written")
    func foreignSchemaRefused() async throws {
        let admin = try await TestPostgres.newDatabase()
        let alice = try await TestPostgres.newAccount(on: admin)
        let mallory = try await TestPostgres.newAccount(on: admin)
        let aliceRole = try #require(URLComponents(string: alice)?.user)
        let malloryRole = try #require(URLComponents(string: mallory)?.user)
        // Mallory makes Alice's schema first and opens it to her, as a trap: its owner could
        // drop or rename whatever Alice's sync would create there.
        _ = try await TestPostgres.execute("CREATE SCHEMA \(aliceRole)", on: mallory)
        _ = try await TestPostgres.execute(
            "GRANT USAGE, CREATE ON SCHEMA \(aliceRole) TO \(aliceRole)", on: mallory)
        let laptop = try Machine()
        try laptop.add(movie: 550, note: "Alice's")

        let remote = try SyncRemote(url: alice)
        await #expect(
            throws: SyncError.remoteNotOwned(
                remote: remote.description, objects: "schema \(aliceRole) belongs to \(malloryRole)")
        ) {
            try await laptop.sync(alice)
        }
        let created = try await TestPostgres.integer(
            "SELECT count(*) FROM pg_class WHERE relnamespace = to_regnamespace('\(aliceRole)')", on: admin)
        #expect(created == 0)
    }

    @Test("an account whose schema the administrator made syncs without CREATE on the database")
    func provisionedSchema() async throws {
        let admin = try await TestPostgres.newDatabase()
        let alice = try await TestPostgres.newAccount(on: admin)
        let role = try #require(URLComponents(string: alice)?.user)
        let database = try #require(URLComponents(string: admin)?.path.dropFirst())
        _ = try await TestPostgres.execute("REVOKE CREATE ON DATABASE \(database) FROM \(role)", on: admin)
        _ = try await TestPostgres.execute("CREATE SCHEMA \(role) AUTHORIZATION \(role)", on: admin)
        let laptop = try Machine()
        let desktop = try Machine()
        try laptop.add(movie: 550, note: "Alice's")
        try await laptop.sync(alice)
        try await desktop.sync(alice)
        #expect(try desktop.movies().map(\.description) == ["550/Alice's"])
    }

    @Test("another role can neither compute an account's live channel nor read what it is made of")
    func liveChannelIsSecret() async throws {
        let admin = try await TestPostgres.newDatabase()
        let alice = try await TestPostgres.newAccount(on: admin)
        let mallory = try await TestPostgres.newAccount(on: admin)
        let aliceRole = try #require(URLComponents(string: alice)?.user)
        let laptop = try Machine()
        try laptop.add(movie: 550)
        try await laptop.sync(alice)
        let table = RemoteSchema.recordsTable("notes")
        // The role's own schema is first on its default search path ("$user").
        let channel = try #require(
            try await TestPostgres.execute("SELECT \(LiveChannel.nameSQL(table: table))", on: alice).first?
                .decode(String.self))
        // The digest of the role and the table alone, which anyone can compute, is not it.
        let guessable = try #require(
            try await TestPostgres.execute("SELECT 'storesync_' || md5('\(aliceRole):\(table)')", on: mallory).first?
                .decode(String.self))
        #expect(channel != guessable)
        // What the name is made of is closed to other roles.
        await #expect(throws: (any Error).self) {
            _ = try await TestPostgres.execute("SELECT server_id FROM \(aliceRole).storesync_schema", on: mallory)
        }
    }

    @Test("another role holding the account's setup lock does not hold up a sync whose tables are ready")
    func setupLockHoldsNothingUp() async throws {
        let admin = try await TestPostgres.newDatabase()
        let alice = try await TestPostgres.newAccount(on: admin)
        let mallory = try await TestPostgres.newAccount(on: admin)
        let aliceRole = try #require(URLComponents(string: alice)?.user)
        let laptop = try Machine()
        try laptop.add(movie: 550)
        try await laptop.sync(alice)
        try laptop.add(movie: 551)
        let started = ContinuousClock.now
        let report = try await TestPostgres.holding(
            "SELECT pg_advisory_lock(\(0x5354_5359), hashtext('\(aliceRole)'))", on: mallory
        ) {
            try await laptop.sync(alice)
        }
        #expect(report.sentChanges == 1)
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}
