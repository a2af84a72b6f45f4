import Foundation
import OpenSwiftDataPostgres
import PostgresNIO
import StoreSyncTesting
import Synchronization

@testable import OpenSwiftData

/// A run's PostgreSQL store: a PostgreSQL schema of its own (the configuration's name) in a
/// database of the test server, dropped when the run lets go of it. Its checks read the
/// tables with SQL on connections of their own. Migrations are not kept on PostgreSQL yet:
/// the run's migration step does nothing.
final class PostgresSequenceStore: SequenceStore {
    private let url: String
    private let name: String

    /// A store in a new PostgreSQL schema of the database `url`.
    init(url: String) {
        self.url = url
        name = "run_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    deinit {
        let (url, name) = (url, name)
        _ = try? Self.waiting { try await TestPostgres.execute("DROP SCHEMA IF EXISTS \(name) CASCADE", on: url) }
    }

    let migrates = false

    func openFirstVersion() throws -> ModelContainer {
        guard let url = URL(string: url) else { throw PostgresStoreError.invalidURL(reason: self.url) }
        return try ModelContainer(
            for: Schema(versionedSchema: GeneratedV1.self), migrationPlan: GeneratedV1Plan.self,
            configurations: [PostgresStoreConfiguration(name: name, url: url)])
    }

    func openNextVersion() throws -> ModelContainer {
        throw PostgresStoreError.unsupported("migrations")
    }

    func rawCounts(_ counts: [RawCount]) throws -> [Int] {
        try integers(counts.map(sql(of:)))
    }

    /// The table of a kind: its hierarchy's.
    private func table(_ kind: GeneratedKind) -> String {
        "\(name).\"\(kind == .employee ? GeneratedKind.person.rawValue : kind.rawValue)\""
    }

    private func sql(of count: RawCount) -> String {
        switch count {
        case .models(let kind) where kind == .person || kind == .employee:
            let names = kind.family.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            return "SELECT count(*) FROM \(table(kind)) WHERE _entity IN (\(names))"
        case .models(let kind):
            return "SELECT count(*) FROM \(table(kind))"
        case .links(.club, "members"):
            return "SELECT count(*) FROM \(membershipTable)"
        case .links(let kind, let name):
            return "SELECT count(\"\(name)\") FROM \(table(kind))"
        }
    }

    private var membershipTable: String { "\(name).\"Club_members\"" }

    func invariantViolations() throws -> [String] {
        let found = try integers(invariants.map(\.1))
        return zip(invariants, found).filter { $0.1 != 0 }.map { "the store has \($0.1) \($0.0.0)" }
    }

    /// Each invariant: what breaks it, and the SQL that counts the rows that do.
    private var invariants: [(String, String)] {
        let (person, pet, toy, club, badge) = (table(.person), table(.pet), table(.toy), table(.club), table(.badge))
        return [
            (
                "pets whose owner is no person",
                "SELECT count(*) FROM \(pet) WHERE owner IS NOT NULL AND owner NOT IN (SELECT _pk FROM \(person))"
            ),
            (
                "toys whose pet is no pet",
                "SELECT count(*) FROM \(toy) WHERE pet IS NOT NULL AND pet NOT IN (SELECT _pk FROM \(pet))"
            ),
            (
                "toys whose sponsor is no club",
                "SELECT count(*) FROM \(toy) WHERE sponsor IS NOT NULL AND sponsor NOT IN (SELECT _pk FROM \(club))"
            ),
            (
                "badges without a holder",
                "SELECT count(*) FROM \(badge) WHERE holder IS NULL OR holder NOT IN (SELECT _pk FROM \(person))"
            ),
            (
                "memberships of a club or a person that is gone",
                "SELECT count(*) FROM \(membershipTable) WHERE source NOT IN (SELECT _pk FROM \(club)) "
                    + "OR target NOT IN (SELECT _pk FROM \(person))"
            ),
            (
                "rows of the person table of no class of its hierarchy",
                "SELECT count(*) FROM \(person) WHERE _entity NOT IN ('Person', 'Employee')"
            ),
            ("club codes held twice", "SELECT count(*) - count(DISTINCT code) FROM \(club)"),
            (
                "staff numbers held twice",
                "SELECT count(*) - count(DISTINCT \"staffNumber\") FROM \(person) WHERE _entity = 'Employee'"
            ),
            ("handles held twice", "SELECT count(handle) - count(DISTINCT handle) FROM \(person)"),
            (
                "persons whose mentor is no person",
                "SELECT count(*) FROM \(person) WHERE mentor IS NOT NULL AND mentor NOT IN (SELECT _pk FROM \(person))"
            ),
            (
                "clubs whose manager is no employee",
                "SELECT count(*) FROM \(club) WHERE manager IS NOT NULL "
                    + "AND manager NOT IN (SELECT _pk FROM \(person) WHERE _entity = 'Employee')"
            ),
            (
                "pets whose favorite toy is not theirs (a one-to-one has a key on each side)",
                "SELECT count(*) FROM \(pet) p WHERE favorite IS NOT NULL "
                    + "AND favorite NOT IN (SELECT _pk FROM \(toy) WHERE \"favoriteOf\" = p._pk)"
            ),
            (
                "toys whose pet's favorite is not the toy",
                "SELECT count(*) FROM \(toy) t WHERE \"favoriteOf\" IS NOT NULL "
                    + "AND \"favoriteOf\" NOT IN (SELECT _pk FROM \(pet) WHERE favorite = t._pk)"
            ),
        ]
    }

    /// The counts the queries give, read in one statement on a connection of its own.
    private func integers(_ queries: [String]) throws -> [Int] {
        let sql = "SELECT " + queries.map { "(\($0))::int8" }.joined(separator: ", ")
        let url = url
        return try Self.waiting {
            guard let row = try await TestPostgres.execute(sql, on: url).first else { return [] }
            return try row.makeRandomAccess().map { try $0.decode(Int.self) }
        }
    }

    /// What `body` gives, run as a task while this thread (one of the run's, not of Swift's
    /// cooperative pool) waits for it.
    private static func waiting<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) throws
        -> Result
    {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Swift.Result<Result, any Error>?>(nil)
        Task.detached {
            let result: Swift.Result<Result, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { throw CancellationError() }
        return try result.get()
    }
}
