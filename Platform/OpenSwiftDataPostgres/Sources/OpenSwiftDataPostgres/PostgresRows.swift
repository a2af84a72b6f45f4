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

    /// The models a query reads, as snapshots in its order, each of its row's own entity
    /// (the fetched one or a subentity), their to-many relationships read from their
    /// inverses' columns or their join tables.
    static func snapshots(
        _ query: PostgresFetchQuery, tables: PostgresTables, store storeIdentifier: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [DefaultSnapshot] {
        let layout = query.layout
        let isHierarchy = tables.isHierarchy(layout.entityName)
        let kinds = tables.kinds(of: layout.entityName).compactMap { tables.layouts[$0] }
        // `_pk`, the row's entity, the columns of the entity and its subentities, then the
        // entity of each to-one's target where the target's table holds a hierarchy.
        var columns = [PostgresTables.quote(PostgresTables.primaryKey)]
        if isHierarchy { columns.append(PostgresTables.quote(PostgresTables.entityColumn)) }
        var position: [String: Int] = [:]
        var targetEntityPosition: [String: Int] = [:]
        var toOnes: [StoredEntityLayout.ToOne] = []
        for kind in kinds {
            for column in PostgresTables.columns(of: kind) where position[column] == nil {
                position[column] = columns.count
                columns.append("t.\(PostgresTables.quote(column))")
            }
            for toOne in kind.toOnes where !toOnes.contains(where: { $0.name == toOne.name }) {
                toOnes.append(toOne)
            }
        }
        for toOne in toOnes where tables.isHierarchy(toOne.target) {
            targetEntityPosition[toOne.name] = columns.count
            columns.append(
                "(SELECT x.\(PostgresTables.quote(PostgresTables.entityColumn)) FROM \(tables.table(toOne.target)) AS x "
                    + "WHERE x.\(PostgresTables.quote(PostgresTables.primaryKey)) = t.\(PostgresTables.quote(toOne.name)))"
            )
        }
        var rows: [(key: Int64, layout: StoredEntityLayout, values: [String: SnapshotValue])] = []
        for try await row in try await connection.statement(query.select(columns, from: tables), logger: logger) {
            let cells = row.makeRandomAccess()
            let rowLayout = isHierarchy ? tables.layouts[try cells[1].decode(String.self)] ?? layout : layout
            var values: [String: SnapshotValue] = [:]
            for attribute in rowLayout.attributes {
                guard let index = position[attribute.name] else { continue }
                values[attribute.name] = .attribute(try storedValue(cells[index], attribute.storage))
            }
            for toOne in rowLayout.toOnes {
                guard let index = position[toOne.name], let target = try cells[index].decode(Int64?.self) else {
                    values[toOne.name] = .toOne(nil)
                    continue
                }
                let entity = try targetEntityPosition[toOne.name].map { try cells[$0].decode(String.self) }
                values[toOne.name] = .toOne(try identifier(entity ?? toOne.target, target, store: storeIdentifier))
            }
            rows.append((try cells[0].decode(Int64.self), rowLayout, values))
        }
        // The to-many targets of the rows read: of every row, or of these rows only.
        var toManys: [StoredEntityLayout.ToMany] = []
        for kind in kinds {
            for toMany in kind.toManys where !toManys.contains(where: { $0.name == toMany.name }) {
                toManys.append(toMany)
            }
        }
        for toMany in toManys {
            let holders = rows.indices.filter { index in rows[index].layout.toManys.contains { $0.name == toMany.name }
            }
            guard !holders.isEmpty else { continue }
            let owners = query.readsEveryRow ? nil : holders.map { rows[$0].key }
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
            for index in holders {
                rows[index].values[toMany.name] = .toMany(targets[rows[index].key] ?? [])
            }
        }
        return try rows.map { row in
            DefaultSnapshot(
                persistentIdentifier: try identifier(row.layout.entityName, row.key, store: storeIdentifier),
                values: row.values)
        }
    }

    /// The `_entity` column of `entityName`'s table, qualified by `alias`, when the table
    /// holds a hierarchy; else the entity's name as a constant.
    private static func entityColumn(of entityName: String, alias: String, tables: PostgresTables) -> String {
        tables.isHierarchy(entityName)
            ? "\(alias).\(PostgresTables.quote(PostgresTables.entityColumn))"
            : "'\(entityName.replacingOccurrences(of: "'", with: "''"))'"
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
            condition = " WHERE j.\(own) = ANY($1)"
        }
        let sql =
            "SELECT j.\(own), j.\(other), \(entityColumn(of: toMany.target, alias: "x", tables: tables)) "
            + "FROM \(tables.table(join)) AS j JOIN \(tables.table(toMany.target)) AS x "
            + "ON x.\(PostgresTables.quote(PostgresTables.primaryKey)) = j.\(other)\(condition) ORDER BY j._order"
        var targets: [Int64: [PersistentIdentifier]] = [:]
        for try await (owner, key, entity) in try await connection.statement(
            PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger
        )
        .decode((Int64, Int64, String).self) {
            targets[owner, default: []].append(try identifier(entity, key, store: storeIdentifier))
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
        let column = "x.\(PostgresTables.quote(inverse))"
        let primaryKey = "x.\(PostgresTables.quote(PostgresTables.primaryKey))"
        var binds = PostgresBindings()
        var condition = "\(column) IS NOT NULL"
        if let owners {
            binds.append(owners)
            condition = "\(column) = ANY($1)"
        }
        let sql =
            "SELECT \(column), \(primaryKey), \(entityColumn(of: target, alias: "x", tables: tables)) "
            + "FROM \(tables.table(target)) AS x WHERE \(condition) ORDER BY \(primaryKey)"
        var targets: [Int64: [PersistentIdentifier]] = [:]
        for try await (owner, key, entity) in try await connection.statement(
            PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger
        )
        .decode((Int64, Int64, String).self) {
            targets[owner, default: []].append(try identifier(entity, key, store: storeIdentifier))
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

    /// A `VALUES` tuple of the parameters from `first` (0-based) on, each cast to its type:
    /// `($4::bigint, $5::text)`.
    static func typedTuple(from first: Int, types: [String]) -> String {
        "(" + types.enumerated().map { "$\(first + $0.offset + 1)::\($0.element)" }.joined(separator: ", ") + ")"
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
