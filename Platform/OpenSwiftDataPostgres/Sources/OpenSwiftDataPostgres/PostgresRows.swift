import Foundation
import OpenSwiftData
import PostgresNIO

/// Models' rows read into snapshots and snapshots' values written as query parameters.
enum PostgresRows {
    /// The identifier of the model of `entityName` whose `_pk` is `key` in the store
    /// `storeIdentifier`.
    static func identifier(_ entityName: String, _ key: Int64, store storeIdentifier: String) throws
        -> PersistentIdentifier
    {
        try PersistentIdentifier.identifier(for: storeIdentifier, entityName: entityName, primaryKey: key)
    }

    /// The models a query reads, as snapshots in its order, their to-many relationships read
    /// from their inverses' columns.
    static func snapshots(
        _ query: PostgresFetchQuery, tables: PostgresTables, store storeIdentifier: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [DefaultSnapshot] {
        let layout = query.layout
        let columns = ([PostgresTables.primaryKey] + PostgresTables.columns(of: layout)).map(PostgresTables.quote)
        var rows: [(key: Int64, values: [String: SnapshotValue])] = []
        for try await row in try await connection.statement(query.select(columns, from: tables), logger: logger) {
            let cells = row.makeRandomAccess()
            var values: [String: SnapshotValue] = [:]
            for (offset, attribute) in layout.attributes.enumerated() {
                values[attribute.name] = .attribute(try storedValue(cells[1 + offset], attribute.storage))
            }
            for (offset, toOne) in layout.toOnes.enumerated() {
                let target = try cells[1 + layout.attributes.count + offset].decode(Int64?.self)
                values[toOne.name] = .toOne(try target.map { try identifier(toOne.target, $0, store: storeIdentifier) })
            }
            rows.append((try cells[0].decode(Int64.self), values))
        }
        // The to-many targets of the rows read: of every row, or of these rows only.
        let owners = query.readsEveryRow ? nil : rows.map(\.key)
        for toMany in layout.toManys {
            let targets: [Int64: [PersistentIdentifier]]
            if let inverse = toMany.inverseToOne {
                targets = try await self.targets(
                    of: toMany.target, through: inverse, owners: owners, tables: tables, store: storeIdentifier,
                    on: connection, logger: logger)
            } else if let join = toMany.joinTable {
                targets = try await joinedTargets(
                    of: toMany, in: join, owners: owners, tables: tables, store: storeIdentifier, on: connection,
                    logger: logger)
            } else {
                continue
            }
            for index in rows.indices {
                rows[index].values[toMany.name] = .toMany(targets[rows[index].key] ?? [])
            }
        }
        return try rows.map { row in
            DefaultSnapshot(
                persistentIdentifier: try identifier(layout.entityName, row.key, store: storeIdentifier),
                values: row.values)
        }
    }

    /// The targets `toMany`'s join table links to each row (one of `owners`, when given), by
    /// that row's `_pk`, in the order the links were added.
    private static func joinedTargets(
        of toMany: StoredEntityLayout.ToMany, in join: String, owners: [Int64]?, tables: PostgresTables,
        store storeIdentifier: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int64: [PersistentIdentifier]] {
        if owners?.isEmpty == true { return [:] }
        let (own, other) = toMany.isJoinSource ? ("source", "target") : ("target", "source")
        var binds = PostgresBindings()
        var condition = ""
        if let owners {
            binds.append(owners)
            condition = " WHERE \(own) = ANY($1)"
        }
        let sql = "SELECT \(own), \(other) FROM \(tables.table(join))\(condition) ORDER BY _order"
        var targets: [Int64: [PersistentIdentifier]] = [:]
        for try await (owner, key) in try await connection.statement(
            PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger
        )
        .decode((Int64, Int64).self) {
            targets[owner, default: []].append(try identifier(toMany.target, key, store: storeIdentifier))
        }
        return targets
    }

    /// The models of `target` whose to-one `inverse` names a row (one of `owners`, when
    /// given), by that row's `_pk`, in `_pk` order.
    private static func targets(
        of target: String, through inverse: String, owners: [Int64]?, tables: PostgresTables,
        store storeIdentifier: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int64: [PersistentIdentifier]] {
        if owners?.isEmpty == true { return [:] }
        let column = PostgresTables.quote(inverse)
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        var binds = PostgresBindings()
        var condition = "\(column) IS NOT NULL"
        if let owners {
            binds.append(owners)
            condition = "\(column) = ANY($1)"
        }
        let sql =
            "SELECT \(column), \(primaryKey) FROM \(tables.table(target)) WHERE \(condition) ORDER BY \(primaryKey)"
        var targets: [Int64: [PersistentIdentifier]] = [:]
        for try await (owner, key) in try await connection.statement(
            PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger
        )
        .decode((Int64, Int64).self) {
            targets[owner, default: []].append(try identifier(target, key, store: storeIdentifier))
        }
        return targets
    }

    /// The value of a column of `layout`'s table: an attribute's, or a to-one relationship's
    /// target `_pk` as an integer.
    static func storedValue(_ cell: PostgresCell, of column: String, in layout: StoredEntityLayout) throws
        -> StoredValue
    {
        guard let attribute = layout.attributes.first(where: { $0.name == column }) else {
            return try cell.decode(Int64?.self).map(StoredValue.integer) ?? .null
        }
        return try storedValue(cell, attribute.storage)
    }

    private static func storedValue(_ cell: PostgresCell, _ storage: ColumnStorageType) throws -> StoredValue {
        switch storage {
        case .integer: try cell.decode(Int64?.self).map(StoredValue.integer) ?? .null
        case .real: try cell.decode(Double?.self).map(StoredValue.real) ?? .null
        case .text: try cell.decode(String?.self).map(StoredValue.text) ?? .null
        case .blob: try cell.decode(Data?.self).map(StoredValue.blob) ?? .null
        }
    }

    /// Appends an attribute's value as a parameter.
    static func append(_ value: StoredValue, to binds: inout PostgresBindings) {
        switch value {
        case .null, .notRead: binds.appendNull()
        case .integer(let value): binds.append(value)
        case .real(let value): binds.append(value)
        case .text(let value): binds.append(value)
        case .blob(let value): binds.append(ByteBuffer(bytes: value))
        }
    }
}
