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
}
