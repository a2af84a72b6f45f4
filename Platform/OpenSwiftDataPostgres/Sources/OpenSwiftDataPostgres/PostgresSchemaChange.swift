import OpenSwiftData

/// The statements that bring a namespace's tables, as PostgreSQL's catalog describes them, to
/// one version of a schema, each run before the next is chosen (a check reads the tables as
/// the statements before it left them): the lightweight migration of the SQLite store, as far as it keeps
/// every row and every process of the previous version working.
///
/// Done: tables of new entities created (by ``PostgresTables/creationSQL(existing:)``); an
/// attribute or to-one relationship renamed with `originalName` (`RENAME COLUMN`); a new
/// optional attribute, or one with a declared default (which fills the rows there are), or a
/// new non-optional one on a table of no rows of its entity or in a custom stage, whose
/// `didMigrate` fills it (`ADD COLUMN`, `PostgresSchemaChange+StageFills.swift`); a new to-one
/// relationship, with its foreign key; an index for each new `#Index`; a unique
/// constraint for each new `.unique` attribute or `#Unique`. Refused, as on SQLite
/// (`SwiftDataError.refusedChange`): a new non-optional attribute without a default, or a new
/// non-optional relationship, on an entity with rows, outside a custom stage; a column whose
/// stored type changed; a new uniqueness over values more than one row holds; and, where the
/// previous version's shapes are known, an attribute whose type changed within one column
/// type (`Int` to `Bool`), a relationship whose target or cardinality changed, and a property
/// that became non-optional while rows hold nil (`PostgresSchemaChange+Shapes.swift`).
/// Kept: the tables of entities the schema no longer has, and the columns of properties it
/// no longer has (a process of the previous version may still be writing them).
struct PostgresSchemaChange {
    /// The namespace's tables as PostgreSQL's catalog lists them.
    struct Catalog {
        /// The columns of each table, with their types (`information_schema`'s `data_type`),
        /// by table name.
        var columns: [String: [String: String]] = [:]
        /// The columns of each unique constraint of each table, by table name.
        var uniques: [String: Set<Set<String>>] = [:]
        /// The names of the namespace's indexes.
        var indexes: Set<String> = []
    }

    let tables: PostgresTables
    /// How the previous version stored each entity, by entity name (`EntityShape`, as the
    /// SQLite store records it); nil when unknown: tables that recorded none, with no
    /// migration plan to name their version's models.
    let previous: [String: EntityShape]?
    /// How this version stores each entity, by entity name.
    let next: [String: EntityShape]
    /// Whether the change is a custom stage's, whose `didMigrate` gives the rows there are a
    /// value for a new non-optional property.
    var isCustomStage = false

    /// The namespace's tables after the change, and the new non-optional columns a custom
    /// stage's `didMigrate` must fill.
    struct Applied {
        var catalog: Catalog
        var columnsToFill: [ColumnToFill] = []
    }

    /// Runs the statements, in order, and returns the catalog after them, with the columns
    /// left for a custom stage's `didMigrate` to fill (``checkFilled(_:stage:count:)`` then
    /// checks them).
    ///
    /// - Parameters:
    ///   - catalog: The namespace's tables before the change.
    ///   - execute: Runs a statement (in the migration's transaction).
    ///   - count: The number a `SELECT count(*)` statement gives; asked only before refusing.
    /// - Throws: `SwiftDataError.refusedChange` for a change that would lose or invent
    ///   data; ``PostgresStoreError/unsupported(_:)`` for a class hierarchy given to a table
    ///   that holds one class; what `execute` and `count` throw.
    func apply(
        to catalog: Catalog, execute: (_ sql: String) async throws -> Void, count: (_ sql: String) async throws -> Int
    ) async throws -> Applied {
        var catalog = catalog
        var columnsToFill: [ColumnToFill] = []
        for root in tables.roots {
            guard var present = catalog.columns[root] else { continue }
            if tables.isHierarchy(root), present[PostgresTables.entityColumn] == nil {
                throw PostgresStoreError.unsupported(
                    "subclasses of \(root), whose table holds one class (a migration to a class hierarchy)")
            }
            let table = tables.table(root)
            let newColumns = Set(tables.tableColumns(root).map(\.name))
            // A superclass before its subclasses: an inherited property is the superclass's.
            for entityName in tables.kinds(of: root).sorted(by: { depth($0) < depth($1) }) {
                guard let layout = tables.layouts[entityName] else { continue }
                for attribute in layout.attributes {
                    let type = PostgresTables.columnType(of: attribute.name, in: layout)
                    if let found = try await Self.storedColumn(
                        attribute.name, type: type, original: attribute.originalName, entity: entityName,
                        table: table, present: &present, newColumns: newColumns, execute: execute)
                    {
                        try await refuseIfAttributeChanged(
                            attribute.name, storedAs: found, of: entityName, root: root, count: count)
                        continue
                    }
                    var definition = "\(PostgresTables.quote(attribute.name)) \(type)"
                    if let literal = Self.literal(attribute.defaultValue) {
                        definition += " DEFAULT \(literal)"
                    } else if !attribute.isOptional {
                        try await requireValues(
                            entityName, attribute.name, root: root, count: count, toFill: &columnsToFill,
                            reason: "it is a new non-optional attribute without a default value",
                            remedy:
                                "Give it a default value in the model (var \(attribute.name): T = …), make it optional, or add it in a custom MigrationStage whose didMigrate sets it."
                        )
                    }
                    try await execute("ALTER TABLE \(table) ADD COLUMN \(definition)")
                    present[attribute.name] = type
                }
                for toOne in layout.toOnes {
                    if let found = try await Self.storedColumn(
                        toOne.name, type: PostgresTables.primaryKeyType, original: toOne.originalName,
                        entity: entityName, table: table, present: &present, newColumns: newColumns,
                        execute: execute)
                    {
                        try await refuseIfToOneChanged(
                            toOne.name, storedAs: found, of: entityName, root: root, count: count)
                        continue
                    }
                    if !toOne.isOptional {
                        try await requireValues(
                            entityName, toOne.name, root: root, count: count, toFill: &columnsToFill,
                            reason: "it is a new non-optional relationship",
                            remedy: "Make it optional, or add it in a custom MigrationStage whose didMigrate sets it.")
                    }
                    try await execute(
                        "ALTER TABLE \(table) ADD COLUMN \(PostgresTables.quote(toOne.name)) \(PostgresTables.primaryKeyType)"
                    )
                    for statement in tables.foreignKeySQL(root, toOne) { try await execute(statement) }
                    present[toOne.name] = PostgresTables.primaryKeyType
                }
                for toMany in layout.toManys { try refuseIfToManyChanged(toMany.name, of: entityName, root: root) }
            }
            catalog.columns[root] = present
            var uniques = catalog.uniques[root] ?? []
            for entityName in tables.kinds(of: root) {
                for names in tables.layouts[entityName]?.uniquenessConstraints ?? []
                where uniques.insert(Set(names)).inserted {
                    try await refuseIfDuplicates(names, of: entityName, root: root, count: count)
                    let columns = names.map(PostgresTables.quote).joined(separator: ", ")
                    try await execute("ALTER TABLE \(table) ADD UNIQUE (\(columns))")
                }
            }
            catalog.uniques[root] = uniques
            for statement in tables.indexSQL(root, existing: catalog.indexes) { try await execute(statement) }
        }
        return Applied(catalog: catalog, columnsToFill: columnsToFill)
    }

    /// How many superclasses an entity has.
    private func depth(_ entityName: String) -> Int {
        var depth = 0
        var ancestor = tables.layouts[entityName]?.superentityName
        while let name = ancestor {
            depth += 1
            ancestor = tables.layouts[name]?.superentityName
        }
        return depth
    }

    /// The name the table's column of the property `name` had: `name` when it has it, the
    /// property's `originalName` when it has that (which the new version gives no other
    /// column), which is then renamed `name`; nil when the table lacks it.
    ///
    /// - Throws: `SwiftDataError.refusedChange` when the column holds values of another type;
    ///   what `execute` throws.
    private static func storedColumn(
        _ name: String, type: String, original: String?, entity: String, table: String,
        present: inout [String: String], newColumns: Set<String>, execute: (String) async throws -> Void
    ) async throws -> String? {
        let found: String
        if present[name] != nil {
            found = name
        } else if let original, present[original] != nil, !newColumns.contains(original) {
            found = original
        } else {
            return nil
        }
        if let stored = present[found], stored != type {
            throw SwiftDataError.refusedChange(
                entity: entity, property: name,
                reason: "its column holds \(stored) values, and its type is now stored as \(type)",
                remedy:
                    "Add a new property of the new type, copy the values, then remove the old one in a later version.")
        }
        if found != name {
            try await execute(
                "ALTER TABLE \(table) RENAME COLUMN \(PostgresTables.quote(found)) TO \(PostgresTables.quote(name))")
            present[name] = present.removeValue(forKey: found)
        }
        return found
    }

    /// Refuses a new property that every model must have when the table holds models of
    /// the entity or its subentities.
    func refuseIfRows(
        _ entity: String, _ property: String, root: String, count: (String) async throws -> Int, reason: String,
        remedy: String
    ) async throws {
        let rows = try await rowCount(of: entity, root: root, count: count)
        guard rows > 0 else { return }
        throw SwiftDataError.refusedChange(
            entity: entity, property: property, reason: "\(reason), and \(entity) has \(rows) rows", remedy: remedy)
    }

    /// How many rows of the table of `root` are models of `entity` or its subentities, of
    /// those where `condition` (SQL) holds when one is given.
    func rowCount(of entity: String, root: String, where condition: String? = nil, count: (String) async throws -> Int)
        async throws -> Int
    {
        var conditions = condition.map { [$0] } ?? []
        if tables.isHierarchy(root) {
            let names = tables.kinds(of: entity).map(Self.quotedText).joined(separator: ", ")
            conditions.append("\(PostgresTables.quote(PostgresTables.entityColumn)) IN (\(names))")
        }
        var sql = "SELECT count(*)::int8 FROM \(tables.table(root))"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return try await count(sql)
    }

    /// Refuses a new uniqueness over values that more than one row holds (rows with a nil
    /// among them are not the same, as for SwiftData).
    private func refuseIfDuplicates(
        _ names: [String], of entity: String, root: String, count: (String) async throws -> Int
    ) async throws {
        let columns = names.map(PostgresTables.quote)
        let values = try await count(
            "SELECT count(*)::int8 FROM (SELECT 1 FROM \(tables.table(root)) "
                + "WHERE \(columns.map { "\($0) IS NOT NULL" }.joined(separator: " AND ")) "
                + "GROUP BY \(columns.joined(separator: ", ")) HAVING count(*) > 1) AS duplicates")
        guard values > 0 else { return }
        throw SwiftDataError.refusedChange(
            entity: entity, property: names.joined(separator: ", "),
            reason: "it becomes unique but \(values) values are held by more than one row",
            remedy: "Remove or merge the duplicates (with psql), then open the store again.")
    }

    /// A stored value as an SQL literal for a column's `DEFAULT`; nil for `.null` (no default).
    static func literal(_ value: StoredValue) -> String? {
        switch value {
        case .null, .notRead: nil
        case .integer(let integer): "\(integer)::bigint"
        case .real(let number):
            switch number {
            case .infinity: "'Infinity'::double precision"
            case -.infinity: "'-Infinity'::double precision"
            case _ where number.isNaN: "'NaN'::double precision"
            default: "'\(number)'::double precision"
            }
        case .text(let text): quotedText(text)
        case .blob(let data): "'\\x\(data.map { hexDigits[Int($0)] }.joined())'::bytea"
        }
    }

    /// A text literal: quotes doubled (PostgreSQL reads backslashes as they are).
    private static func quotedText(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'::text"
    }

    private static let hexDigits = (0...255).map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[byte >> 4], digits[byte & 15]])
    }
}
