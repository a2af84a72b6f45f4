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
    /// inverses' columns or their join tables. One statement reads it all, so that a model's
    /// attributes and relationships come from one committed state of the database: read in
    /// two, a save committed between them would give a model its attributes from before the
    /// save and its relationships from after it.
    static func snapshots(
        _ query: PostgresFetchQuery, tables: PostgresTables, store storeIdentifier: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [DefaultSnapshot] {
        let reader = SnapshotColumns(query, tables: tables, store: storeIdentifier)
        var snapshots: [DefaultSnapshot] = []
        for try await row in try await connection.statement(reader.select, logger: logger) {
            snapshots.append(try reader.snapshot(of: row))
        }
        return snapshots
    }

    /// The statement that reads a query's models (``snapshots(_:tables:store:on:logger:)``),
    /// and how each of its rows is a snapshot.
    struct SnapshotColumns: Sendable {
        let layout: StoredEntityLayout
        let tables: PostgresTables
        let storeIdentifier: String
        let isHierarchy: Bool
        /// The `SELECT` of the query's rows, with these columns.
        let select: PostgresQuery
        private let position: [String: Int]
        private let targetEntityPosition: [String: Int]
        private let toManyPosition: [String: (keys: Int, entities: Int?)]

        init(_ query: PostgresFetchQuery, tables: PostgresTables, store storeIdentifier: String) {
            let layout = query.layout
            let isHierarchy = tables.isHierarchy(layout.entityName)
            let kinds = tables.kinds(of: layout.entityName).compactMap { tables.layouts[$0] }
            // `_pk`, the row's entity, the columns of the entity and its subentities, the entity
            // of each to-one's target where the target's table holds a hierarchy, then each
            // to-many's targets as arrays (`ToManyColumns`).
            var columns = [PostgresTables.quote(PostgresTables.primaryKey)]
            if isHierarchy { columns.append(PostgresTables.quote(PostgresTables.entityColumn)) }
            var position: [String: Int] = [:]
            var targetEntityPosition: [String: Int] = [:]
            var toOnes: [StoredEntityLayout.ToOne] = []
            var toManys: [StoredEntityLayout.ToMany] = []
            for kind in kinds {
                for column in PostgresTables.columns(of: kind) where position[column] == nil {
                    position[column] = columns.count
                    columns.append("t.\(PostgresTables.quote(column))")
                }
                for toOne in kind.toOnes where !toOnes.contains(where: { $0.name == toOne.name }) {
                    toOnes.append(toOne)
                }
                for toMany in kind.toManys where !toManys.contains(where: { $0.name == toMany.name }) {
                    toManys.append(toMany)
                }
            }
            for toOne in toOnes where tables.isHierarchy(toOne.target) {
                targetEntityPosition[toOne.name] = columns.count
                columns.append(
                    "(SELECT x.\(PostgresTables.quote(PostgresTables.entityColumn)) FROM \(tables.table(toOne.target)) AS x "
                        + "WHERE x.\(PostgresTables.quote(PostgresTables.primaryKey)) = t.\(PostgresTables.quote(toOne.name)))"
                )
            }
            var toManyPosition: [String: (keys: Int, entities: Int?)] = [:]
            for toMany in toManys {
                guard let arrays = ToManyColumns(toMany, tables: tables) else { continue }
                toManyPosition[toMany.name] = (columns.count, arrays.entities.map { _ in columns.count + 1 })
                columns.append(arrays.keys)
                if let entities = arrays.entities { columns.append(entities) }
            }
            self.layout = layout
            self.tables = tables
            self.storeIdentifier = storeIdentifier
            self.isHierarchy = isHierarchy
            self.position = position
            self.targetEntityPosition = targetEntityPosition
            self.toManyPosition = toManyPosition
            select = query.select(columns, from: tables)
        }

        /// The snapshot of one row of ``select``.
        func snapshot(of row: PostgresRow) throws -> DefaultSnapshot {
            let cells = row.makeRandomAccess()
            let rowLayout = isHierarchy ? tables.layouts[try cells[1].decode(String.self)] ?? layout : layout
            var values: [String: SnapshotValue] = [:]
            for attribute in rowLayout.attributes {
                guard let index = position[attribute.name] else { continue }
                values[attribute.name] = .attribute(try PostgresRows.storedValue(cells[index], attribute.storage))
            }
            for toOne in rowLayout.toOnes {
                guard let index = position[toOne.name], let target = try cells[index].decode(Int64?.self) else {
                    values[toOne.name] = .toOne(nil)
                    continue
                }
                let entity = try targetEntityPosition[toOne.name].map { try cells[$0].decode(String.self) }
                values[toOne.name] = .toOne(
                    try PostgresRows.identifier(entity ?? toOne.target, target, store: storeIdentifier))
            }
            for toMany in rowLayout.toManys {
                guard let index = toManyPosition[toMany.name] else { continue }
                let keys = try cells[index.keys].decode([Int64].self)
                let entities = try index.entities.map { try cells[$0].decode([String].self) }
                // Both arrays are one statement's, in one order: a difference would be this
                // store's mistake, reported rather than read past the shorter one.
                guard entities == nil || entities?.count == keys.count else {
                    throw PostgresStoreError.server(
                        message:
                            "the targets of \(toMany.name) were read with \(entities?.count ?? 0) entities for \(keys.count) keys"
                    )
                }
                values[toMany.name] = .toMany(
                    try keys.indices.map { item in
                        try PostgresRows.identifier(
                            entities?[item] ?? toMany.target, keys[item], store: storeIdentifier)
                    })
            }
            return DefaultSnapshot(
                persistentIdentifier: try PostgresRows.identifier(
                    rowLayout.entityName, try cells[0].decode(Int64.self), store: storeIdentifier),
                values: values)
        }
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

    fileprivate static func storedValue(_ cell: PostgresCell, _ storage: ColumnStorageType) throws -> StoredValue {
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
