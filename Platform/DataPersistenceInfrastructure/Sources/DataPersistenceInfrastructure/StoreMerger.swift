import Foundation
import GRDB

/// Adds every row of one OpenSwiftData store to another store of the same entities.
///
/// The stores must have the same entities with the same shape hashes (their
/// `openswiftdata_entities` tables agree) and no relationships, whose keys would point at
/// the wrong rows once copied; anything else is refused with a reason. Rows get new
/// primary keys; every other column is copied as it is, all entities in one transaction.
enum StoreMerger {
    /// Why two stores cannot be merged.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static let entitiesTable = "openswiftdata_entities"
    static let primaryKeyColumn = "_pk"

    /// Copies the rows of `source` into `destination`; returns how many rows were added.
    static func mergeRows(from source: URL, into destination: URL) throws -> Int {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "DataPersistenceInfrastructure.merge"
        let queue = try DatabaseQueue(path: destination.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS legacy", arguments: [source.path])
            defer { try? db.execute(sql: "DETACH DATABASE legacy") }
            var added = 0
            try db.inTransaction(.immediate) {
                for (table, columns) in try plan(db) {
                    try db.execute(sql: insertSQL(table: table, columns: columns))
                    added += db.changesCount
                }
                return .commit
            }
            return added
        }
    }

    /// The entity tables and the columns to copy, or a refusal.
    static func plan(_ db: Database) throws -> [(table: String, columns: [String])] {
        let legacy = try entities(db, schema: "legacy", role: "the legacy store")
        let current = try entities(db, schema: "main", role: "the new store")
        guard legacy.mapValues(\.hash) == current.mapValues(\.hash) else {
            throw Refusal(description: "the stores' entities differ (\(describeDifference(legacy, current)))")
        }
        if let related = current.keys.sorted().first(where: { current[$0]?.hasRelationships != false }) {
            throw Refusal(description: "entity \(related) has relationships, whose keys cannot be copied")
        }
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM legacy.sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'openswiftdata_%'
                """)
        if let extra = tables.sorted().first(where: { current[$0] == nil }) {
            throw Refusal(description: "the legacy store has a table \(extra) that is not an entity")
        }
        var plan: [(table: String, columns: [String])] = []
        for name in current.keys.sorted() {
            let legacyColumns = try columns(db, schema: "legacy", table: name)
            let currentColumns = try columns(db, schema: "main", table: name)
            guard legacyColumns.sorted() == currentColumns.sorted() else {
                throw Refusal(description: "the columns of \(name) differ between the stores")
            }
            plan.append((name, currentColumns.filter { $0 != primaryKeyColumn }))
        }
        return plan
    }

    struct EntityRecord: Equatable {
        var hash: String
        var hasRelationships: Bool
    }

    static func entities(_ db: Database, schema: String, role: String) throws -> [String: EntityRecord] {
        let rows: [Row]
        do {
            rows = try Row.fetchAll(db, sql: "SELECT name, hash, shape FROM \(schema).\(entitiesTable)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            throw Refusal(description: "\(role) is not an OpenSwiftData store (\(error.message ?? "no metadata"))")
        }
        var result: [String: EntityRecord] = [:]
        for row in rows {
            let name: String = row["name"]
            let shape: String = row["shape"]
            result[name] = EntityRecord(hash: row["hash"], hasRelationships: hasRelationships(shapeJSON: shape))
        }
        return result
    }

    /// Whether a stored shape lists relationships; an unreadable shape counts as having some.
    static func hasRelationships(shapeJSON: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(shapeJSON.utf8)) as? [String: Any],
            let relationships = object["relationships"] as? [Any]
        else { return true }
        return !relationships.isEmpty
    }

    static func columns(_ db: Database, schema: String, table: String) throws -> [String] {
        let rows = try Row.fetchAll(db, sql: "PRAGMA \(schema).table_info(\(quote(table)))")
        return rows.map { $0["name"] }
    }

    static func insertSQL(table: String, columns: [String]) -> String {
        guard !columns.isEmpty else {
            // An entity without attributes: one new row per legacy row.
            return "INSERT INTO main.\(quote(table)) (\(quote(primaryKeyColumn))) "
                + "SELECT NULL FROM legacy.\(quote(table))"
        }
        let list = columns.map(quote).joined(separator: ", ")
        return "INSERT INTO main.\(quote(table)) (\(list)) "
            + "SELECT \(list) FROM legacy.\(quote(table)) ORDER BY \(quote(primaryKeyColumn))"
    }

    static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func describeDifference(_ legacy: [String: EntityRecord], _ current: [String: EntityRecord]) -> String {
        let names = Set(legacy.keys).union(current.keys).sorted()
        let differing = names.filter { legacy[$0]?.hash != current[$0]?.hash }
        return "differing entities: " + differing.joined(separator: ", ")
    }
}
