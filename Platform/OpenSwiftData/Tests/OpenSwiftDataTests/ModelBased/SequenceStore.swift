import Foundation
import GRDB

@testable import OpenSwiftData

/// Where a generated run keeps its models, and how its checks read them without the
/// library: a SQLite store in a temporary folder (``SQLiteSequenceStore``), or a PostgreSQL
/// store in a schema of its own (``PostgresSequenceStore``).
protocol SequenceStore: AnyObject {
    /// A container on the store at ``Generated``'s first version.
    func openFirstVersion() throws -> ModelContainer
    /// Whether the store migrates between versions: a run's migration step does nothing on
    /// a store that does not (yet).
    var migrates: Bool { get }
    /// A container on the store at the next version, which migrates it.
    func openNextVersion() throws -> ModelContainer
    /// What each count reads in the store, with SQL on a connection of the check's own.
    func rawCounts(_ counts: [RawCount]) throws -> [Int]
    /// What no save may leave in the store, whatever the sequence, read on a connection of
    /// the check's own: a description of each violation found.
    func invariantViolations() throws -> [String]
}

/// A count a check reads from the store's tables.
enum RawCount: CustomStringConvertible {
    /// The rows of models of a kind and of its subkinds.
    case models(GeneratedKind)
    /// The links a relationship of a kind holds: a to-one's set column, or the rows of a
    /// many-to-many's join table.
    case links(GeneratedKind, String)

    var description: String {
        switch self {
        case .models(let kind): "the rows of \(kind.rawValue)"
        case .links(let kind, let name): "the links of \(kind.rawValue).\(name)"
        }
    }
}

/// A run's SQLite store, `store.sqlite` in a temporary folder of its own.
final class SQLiteSequenceStore: SequenceStore {
    let folder = TemporaryFolder()

    private var url: URL { folder.file("store.sqlite") }

    func openFirstVersion() throws -> ModelContainer {
        try SequenceRunner.openFirstVersion(folder)
    }

    let migrates = true

    func openNextVersion() throws -> ModelContainer {
        try ModelContainer(
            for: Schema(versionedSchema: GeneratedV2.self), migrationPlan: GeneratedMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)])
    }

    func rawCounts(_ counts: [RawCount]) throws -> [Int] {
        let queue = try DatabaseQueue(path: url.path, configuration: Self.readOnly)
        return try queue.read { db in try counts.map { try Int.fetchOne(db, sql: Self.sql(of: $0)) ?? -1 } }
    }

    private static func sql(of count: RawCount) -> String {
        switch count {
        case .models(let kind): "SELECT COUNT(*) FROM \(kind.rawValue)"
        case .links(.club, "members"): "SELECT COUNT(*) FROM \(membershipTable)"
        case .links(let kind, let name): "SELECT COUNT(\(name)) FROM \(kind.rawValue)"
        }
    }

    /// The invariants, SQLite's integrity check, and the external-data files: a row names
    /// none that is missing, and no file is named by no row.
    func invariantViolations() throws -> [String] {
        let queue = try DatabaseQueue(path: url.path, configuration: Self.readOnly)
        let (violations, integrity, named) = try queue.read { db in
            let violations = try Self.invariants.map { ($0.0, try Int.fetchOne(db, sql: $0.1) ?? -1) }
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let named = try String.fetchAll(db, sql: "SELECT photo FROM Person WHERE typeof(photo) = 'text'")
            return (violations, integrity, named)
        }
        var found = violations.filter { $0.1 != 0 }.map { "the store has \($0.1) \($0.0)" }
        if integrity != ["ok"] { found.append("the integrity check reports \(integrity)") }
        let files = Set(ExternalDataFolder(storeURL: url).fileNames())
        if files != Set(named) {
            found.append(
                "external files missing: \(Set(named).subtracting(files).sorted()), "
                    + "named by no row: \(files.subtracting(named).sorted())")
        }
        return found
    }

    /// Each invariant: what breaks it, and the SQL that counts the rows that do. (`IS NOT
    /// NULL` first: `NULL NOT IN` an empty table is true.)
    private static let invariants: [(String, String)] = [
        (
            "pets whose owner is no person",
            "SELECT COUNT(*) FROM Pet WHERE owner IS NOT NULL AND owner NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "toys whose pet is no pet",
            "SELECT COUNT(*) FROM Toy WHERE pet IS NOT NULL AND pet NOT IN (SELECT _pk FROM Pet)"
        ),
        (
            "toys whose sponsor is no club",
            "SELECT COUNT(*) FROM Toy WHERE sponsor IS NOT NULL AND sponsor NOT IN (SELECT _pk FROM Club)"
        ),
        (
            "badges without a holder",
            "SELECT COUNT(*) FROM Badge WHERE holder IS NULL OR holder NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "memberships of a club or a person that is gone",
            "SELECT COUNT(*) FROM \(membershipTable) WHERE source NOT IN (SELECT _pk FROM Club) "
                + "OR target NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "employees without their person row",
            "SELECT COUNT(*) FROM Employee WHERE _pk NOT IN (SELECT _pk FROM Person)"
        ),
        ("club codes held twice", "SELECT COUNT(*) - COUNT(DISTINCT code) FROM Club"),
        ("staff numbers held twice", "SELECT COUNT(*) - COUNT(DISTINCT staffNumber) FROM Employee"),
        (
            "persons whose mentor is no person",
            "SELECT COUNT(*) FROM Person WHERE mentor IS NOT NULL AND mentor NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "clubs whose manager is no employee",
            "SELECT COUNT(*) FROM Club WHERE manager IS NOT NULL AND manager NOT IN (SELECT _pk FROM Employee)"
        ),
        (
            "pets whose favorite toy is not theirs (a one-to-one has a key on each side)",
            "SELECT COUNT(*) FROM Pet WHERE favorite IS NOT NULL "
                + "AND favorite NOT IN (SELECT _pk FROM Toy WHERE favoriteOf = Pet._pk)"
        ),
        (
            "toys whose pet's favorite is not the toy",
            "SELECT COUNT(*) FROM Toy WHERE favoriteOf IS NOT NULL "
                + "AND favoriteOf NOT IN (SELECT _pk FROM Pet WHERE favorite = Toy._pk)"
        ),
    ]

    private static let membershipTable = "Club_members"

    private static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }
}
