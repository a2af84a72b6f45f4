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
        let (admin, alice, mallory) = try await TwoAccounts.make()
        // Mallory makes Alice's schema first and opens it to her, as a trap: its owner could
        // drop or rename whatever Alice's sync would create there.
        _ = try await TestPostgres.execute("CREATE SCHEMA \(alice.role)", on: mallory.url)
        _ = try await TestPostgres.execute(
            "GRANT USAGE, CREATE ON SCHEMA \(alice.role) TO \(alice.role)", on: mallory.url)
        let laptop = try Machine()
        try laptop.add(movie: 550, note: "Alice's")

        let remote = try SyncRemote(url: alice.url)
        await #expect(
            throws: SyncError.remoteNotOwned(
                remote: remote.description, objects: "schema \(alice.role) belongs to \(mallory.role)")
        ) {
            try await laptop.sync(alice.url)
        }
        let created = try await TestPostgres.integer(
            "SELECT count(*) FROM pg_class WHERE relnamespace = to_regnamespace('\(alice.role)')", on: admin)
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
        let (_, alice, mallory) = try await TwoAccounts.make()
        let laptop = try Machine()
        try laptop.add(movie: 550)
        try await laptop.sync(alice.url)
        let table = RemoteSchema.recordsTable("notes")
        // The role's own schema is first on its default search path ("$user").
        let channel = try #require(
            try await TestPostgres.execute("SELECT \(LiveChannel.nameSQL(table: table))", on: alice.url).first?
                .decode(String.self))
        // The digest of the role and the table alone, which anyone can compute, is not it.
        let guessable = try #require(
            try await TestPostgres.execute("SELECT 'storesync_' || md5('\(alice.role):\(table)')", on: mallory.url)
                .first?
                .decode(String.self))
        #expect(channel != guessable)
        // What the name is made of is closed to other roles.
        await #expect(throws: (any Error).self) {
            _ = try await TestPostgres.execute("SELECT server_id FROM \(alice.role).storesync_schema", on: mallory.url)
        }
    }

    @Test("another role holding the account's setup lock does not hold up a sync whose tables are ready")
    func setupLockHoldsNothingUp() async throws {
        let (_, alice, mallory) = try await TwoAccounts.make()
        let laptop = try Machine()
        try laptop.add(movie: 550)
        try await laptop.sync(alice.url)
        try laptop.add(movie: 551)
        let started = ContinuousClock.now
        let report = try await TestPostgres.holding(
            "SELECT pg_advisory_lock(\(0x5354_5359), hashtext('\(alice.role)'))", on: mallory.url
        ) {
            try await laptop.sync(alice.url)
        }
        #expect(report.sentChanges == 1)
        // A sync held up by the lock would wait for the setup's lock timeout (30 s) at least;
        // one that is not takes less than a second alone, and took 20 s in full runs on two
        // busy cores.
        #expect(ContinuousClock.now - started < .seconds(29))
    }
}

/// A database and two accounts on it: Alice's, and Mallory's, another role of the same
/// database (allowed, as every account there, to create a schema).
private enum TwoAccounts {
    struct Account {
        let url: String
        let role: String
    }

    static func make() async throws -> (admin: String, alice: Account, mallory: Account) {
        let admin = try await TestPostgres.newDatabase()
        var accounts: [Account] = []
        for _ in 0..<2 {
            let url = try await TestPostgres.newAccount(on: admin)
            accounts.append(Account(url: url, role: try #require(URLComponents(string: url)?.user)))
        }
        return (admin, accounts[0], accounts[1])
    }
}
