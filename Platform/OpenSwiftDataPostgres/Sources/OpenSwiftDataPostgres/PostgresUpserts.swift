import Foundation
import OpenSwiftData
import PostgresNIO

/// SwiftData's upsert: which rows the new models of a save update instead of inserting.
///
/// A new model whose values of a uniqueness constraint (a `.unique` attribute, a `#Unique`
/// group) are those of a stored row updates that row, as the SQLite store's does; one whose
/// values are those of a new model before it in the save updates that model's row. A group
/// holding a nil value matches no row (a unique constraint lets NULLs repeat), and a to-one
/// relationship in a group matches by a target stored before the save. The entities of a
/// class hierarchy share their table and its constraints: a new model whose values are those
/// of a row of another class of its hierarchy is refused, as on the SQLite store, rather than
/// change the row's class.
///
/// Processes that insert the same unique value at once would each find no row, then all but
/// one would fail on the constraint. So a save first takes a transaction-scoped advisory
/// lock on each unique value it inserts (a hash of the PostgreSQL schema, the entity, the
/// group and the values), all in one statement in ascending order, so that two saves never
/// wait on each other: a second process inserting the same value waits until the first
/// commits, then finds its row. The rows found are locked (`FOR UPDATE`): a process that
/// deletes one meanwhile waits for this save.
struct PostgresUpserts {
    /// The row a new model updates.
    enum Target: Equatable {
        /// A stored row, by its `_pk`.
        case stored(Int64)
        /// The row of the new model at this position of the save's models of the entity.
        case earlier(Int)
    }

    /// For each entity, the row each of its new models updates, in the save's order; nil for
    /// a new row.
    let targets: [String: [Target?]]

    /// Finds the rows the new models of a save update.
    ///
    /// - Parameters:
    ///   - rows: The new models, by entity.
    ///   - deleting: The `_pk`s of the rows the save deletes: a new model with their values
    ///     is a new row, written after the deletion.
    ///   - tables: The store's tables.
    ///   - connection: The save's connection, in its transaction.
    ///   - logger: The store's logger.
    /// - Throws: `SwiftDataError.modelValidationFailure` (`uniqueValueOfAnotherClass`) for a
    ///   new model whose unique values are those of a model of another class of its
    ///   hierarchy; what the server throws.
    init(
        _ rows: [String: [DefaultSnapshot]], deleting: [String: Set<Int64>], tables: PostgresTables,
        connection: PostgresConnection, logger: Logger
    ) async throws {
        var values: [String: [[UniqueValue]]] = [:]
        var locks = Set<Int64>()
        for (entityName, snapshots) in rows {
            guard let layout = tables.layouts[entityName], !layout.uniquenessConstraints.isEmpty else { continue }
            let entityValues = snapshots.map { UniqueValue.all(of: $0, in: layout) }
            values[entityName] = entityValues
            for value in entityValues.joined() { locks.insert(value.lockKey(namespace: tables.namespaceName)) }
        }
        guard !locks.isEmpty else {
            targets = [:]
            return
        }
        var binds = PostgresBindings()
        binds.append(locks.sorted())
        try await connection.statement(
            PostgresQuery(
                unsafeSQL: "SELECT count(pg_advisory_xact_lock(k)) FROM "
                    + "(SELECT k FROM unnest($1::bigint[]) AS u (k) ORDER BY k) AS sorted",
                binds: binds), logger: logger)
        var targets: [String: [Target?]] = [:]
        // The row each unique value of the save went to, and that row's entity.
        var claimed: [UniqueValue: (target: Target, entity: String)] = [:]
        for (entityName, entityValues) in values.sorted(by: { $0.key < $1.key }) {
            guard let layout = tables.layouts[entityName] else { continue }
            let deleted = tables.kinds(of: layout.rootEntityName).reduce(into: Set<Int64>()) {
                $0.formUnion(deleting[$1] ?? [])
            }
            let stored = try await Self.storedRows(
                holding: Set(entityValues.joined()), layout: layout, tables: tables, connection: connection,
                logger: logger
            ).filter { !deleted.contains($0.value.key) }
            targets[entityName] = try Self.targets(entityValues, of: entityName, stored: stored, claimed: &claimed)
        }
        self.targets = targets
    }

    /// The row each new model of `entityName` updates: the first of its groups' values that
    /// a new model before it holds, or a stored row; nil for a new row.
    private static func targets(
        _ values: [[UniqueValue]], of entityName: String, stored: [UniqueValue: (key: Int64, entity: String)],
        claimed: inout [UniqueValue: (target: Target, entity: String)]
    ) throws -> [Target?] {
        var targets: [Target?] = []
        for (position, groups) in values.enumerated() {
            var target: Target?
            for value in groups where target == nil {
                guard let match = claimed[value] ?? stored[value].map({ (Target.stored($0.key), $0.entity) }) else {
                    continue
                }
                guard match.entity == entityName else {
                    throw SwiftDataError.uniqueValueOfAnotherClass(
                        entity: entityName, properties: value.columns, storedEntity: match.entity)
                }
                target = match.target
            }
            for value in groups { claimed[value] = (target ?? .earlier(position), entityName) }
            targets.append(target)
        }
        return targets
    }

    /// The stored rows that hold `values`, locked for the save, by the values they hold:
    /// their `_pk` and their entity.
    private static func storedRows(
        holding values: Set<UniqueValue>, layout: StoredEntityLayout, tables: PostgresTables,
        connection: PostgresConnection, logger: Logger
    ) async throws -> [UniqueValue: (key: Int64, entity: String)] {
        var found: [UniqueValue: (key: Int64, entity: String)] = [:]
        let byGroup = Dictionary(grouping: values, by: \.columns)
        for (names, groupValues) in byGroup.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let types = names.map { PostgresTables.columnType(of: $0, in: layout) }
            let entity =
                tables.isHierarchy(layout.entityName)
                ? PostgresTables.quote(PostgresTables.entityColumn) : "NULL::text"
            let columns = names.map(PostgresTables.quote).joined(separator: ", ")
            let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
            for chunk in PostgresTables.statementChunks(of: groupValues, parametersPerRow: names.count) {
                var binds = PostgresBindings(capacity: chunk.count * names.count)
                var tuples: [String] = []
                for value in chunk {
                    let first = binds.count
                    for stored in value.values { PostgresRows.append(stored, to: &binds) }
                    tuples.append(PostgresRows.typedTuple(from: first, types: types))
                }
                let sql =
                    "SELECT \(primaryKey), \(entity), \(columns) FROM \(tables.table(layout.entityName)) "
                    + "WHERE (\(columns)) IN (VALUES \(tuples.joined(separator: ", "))) ORDER BY \(primaryKey) FOR UPDATE"
                let rows = try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                for try await row in rows {
                    let cells = row.makeRandomAccess()
                    var stored: [StoredValue] = []
                    for (offset, name) in names.enumerated() {
                        stored.append(try PostgresRows.storedValue(cells[2 + offset], of: name, in: layout))
                    }
                    let value = UniqueValue(table: layout.rootEntityName, columns: names, values: stored)
                    found[value] = (
                        try cells[0].decode(Int64.self), try cells[1].decode(String?.self) ?? layout.entityName
                    )
                }
            }
        }
        return found
    }
}

/// The values a model holds for one uniqueness constraint of its entity's table.
struct UniqueValue: Hashable {
    /// The table's entity: the root of the hierarchy.
    let table: String
    /// The constraint's columns.
    let columns: [String]
    let values: [StoredValue]

    /// The values of each constraint of `layout` that a new model holds in full: none nil,
    /// a to-one's target stored before the save.
    static func all(of snapshot: DefaultSnapshot, in layout: StoredEntityLayout) -> [UniqueValue] {
        var all: [UniqueValue] = []
        groups: for names in layout.uniquenessConstraints {
            var values: [StoredValue] = []
            for name in names {
                switch snapshot.values[name] {
                case .attribute(let value)? where !value.isNullOrNotRead:
                    values.append(value)
                case .toOne(let target?)?:
                    guard let key = target.dataStoreIntegerKey else { continue groups }
                    values.append(.integer(key))
                default:
                    continue groups
                }
            }
            all.append(UniqueValue(table: layout.rootEntityName, columns: names, values: values))
        }
        return all
    }

    /// The values in bytes: equal values (as the unique constraint compares them), equal
    /// bytes.
    private var bytes: [UInt8] {
        var bytes = Array(table.utf8) + [0]
        for column in columns { bytes += Array(column.utf8) + [0] }
        for value in values {
            switch value {
            case .integer(let integer):
                bytes.append(1)
                withUnsafeBytes(of: integer.littleEndian) { bytes += $0 }
            case .real(let real):
                bytes.append(2)
                // PostgreSQL's `=` holds 0 and -0 equal.
                withUnsafeBytes(of: (real == 0 ? 0 : real).bitPattern.littleEndian) { bytes += $0 }
            case .text(let text):
                bytes.append(3)
                withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { bytes += $0 }
                bytes += text.utf8
            case .blob(let data):
                bytes.append(4)
                withUnsafeBytes(of: UInt64(data.count).littleEndian) { bytes += $0 }
                bytes += data
            case .null, .notRead:
                bytes.append(0)
            }
        }
        return bytes
    }

    static func == (lhs: UniqueValue, rhs: UniqueValue) -> Bool { lhs.bytes == rhs.bytes }

    func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// The advisory lock of these values in the PostgreSQL schema `namespace`: the same in
    /// every process (FNV-1a, 64 bits).
    func lockKey(namespace: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(namespace.utf8) + [0] + bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}

extension StoredValue {
    fileprivate var isNullOrNotRead: Bool {
        switch self {
        case .null, .notRead: true
        default: false
        }
    }
}
