import OpenSwiftData

/// The statements that bring a namespace's tables, as PostgreSQL's catalog describes them, to
/// one version of a schema: the lightweight migration of the SQLite store, as far as it keeps
/// every row and every process of the previous version working.
///
/// Done: tables of new entities created (by ``PostgresTables/creationSQL(existing:)``); an
/// attribute or to-one relationship renamed with `originalName` (`RENAME COLUMN`); a new
/// optional attribute, or one with a declared default (which fills the rows there are), or a
/// new non-optional one on a table of no rows of its entity (`ADD COLUMN`); a new to-one
/// relationship, with its foreign key; an index for each new `#Index`. Refused, as on SQLite
/// (`SwiftDataError.refusedChange`): a new non-optional attribute without a default, or a new
/// non-optional relationship, on an entity with rows; a column whose stored type changed.
/// Kept: the tables of entities the schema no longer has, and the columns of properties it
/// no longer has (a process of the previous version may still be writing them).
struct PostgresSchemaChange {
    /// The columns of each table of the namespace, with their types (`information_schema`'s
    /// `data_type`), by table name.
    typealias Catalog = [String: [String: String]]

    let tables: PostgresTables

    /// The statements, in order, and the catalog after them.
    ///
    /// - Parameters:
    ///   - catalog: The namespace's tables before the change.
    ///   - rows: The number of rows of a table (by its root entity) that are models of the
    ///     given entities; asked only before refusing.
    /// - Throws: `SwiftDataError.refusedChange` for a change that would lose or invent
    ///   data; ``PostgresStoreError/unsupported(_:)`` for a class hierarchy given to a table
    ///   that holds one class.
    func statements(
        from catalog: Catalog, rows: (_ root: String, _ entities: [String]) async throws -> Int
    ) async throws -> (statements: [String], catalog: Catalog) {
        var catalog = catalog
        var statements: [String] = []
        for root in tables.roots {
            guard var present = catalog[root] else { continue }
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
                    let column = try Self.column(
                        attribute.name, type: type, original: attribute.originalName, entity: entityName,
                        present: present, newColumns: newColumns)
                    switch column {
                    case .kept: continue
                    case .renamed(let original):
                        statements.append(Self.rename(original, to: attribute.name, in: table))
                        present[attribute.name] = present.removeValue(forKey: original)
                        continue
                    case .missing: break
                    }
                    var definition = "\(PostgresTables.quote(attribute.name)) \(type)"
                    if let literal = Self.literal(attribute.defaultValue) {
                        definition += " DEFAULT \(literal)"
                    } else if !attribute.isOptional {
                        try await Self.refuseIfRows(
                            entityName, attribute.name, tables.kinds(of: entityName), root: root, rows: rows,
                            reason: "it is a new non-optional attribute without a default value",
                            remedy:
                                "Give it a default value in the model (var \(attribute.name): T = …), or make it optional."
                        )
                    }
                    statements.append("ALTER TABLE \(table) ADD COLUMN \(definition)")
                    present[attribute.name] = type
                }
                for toOne in layout.toOnes {
                    let column = try Self.column(
                        toOne.name, type: PostgresTables.primaryKeyType, original: toOne.originalName,
                        entity: entityName, present: present, newColumns: newColumns)
                    switch column {
                    case .kept: continue
                    case .renamed(let original):
                        statements.append(Self.rename(original, to: toOne.name, in: table))
                        present[toOne.name] = present.removeValue(forKey: original)
                        continue
                    case .missing: break
                    }
                    if !toOne.isOptional {
                        try await Self.refuseIfRows(
                            entityName, toOne.name, tables.kinds(of: entityName), root: root, rows: rows,
                            reason: "it is a new non-optional relationship",
                            remedy: "Make it optional.")
                    }
                    statements.append(
                        "ALTER TABLE \(table) ADD COLUMN \(PostgresTables.quote(toOne.name)) \(PostgresTables.primaryKeyType)"
                    )
                    statements += tables.foreignKeySQL(root, toOne)
                    present[toOne.name] = PostgresTables.primaryKeyType
                }
            }
            statements += tables.indexSQL(root)
            catalog[root] = present
        }
        return (statements, catalog)
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

    /// What a column of the schema is in the table.
    private enum Column {
        /// The table has it, with its type.
        case kept
        /// The table has it under the property's `originalName`, which the new version
        /// gives no other column.
        case renamed(from: String)
        case missing
    }

    private static func column(
        _ name: String, type: String, original: String?, entity: String, present: [String: String],
        newColumns: Set<String>
    ) throws -> Column {
        let found: (name: String, column: Column)
        if present[name] != nil {
            found = (name, .kept)
        } else if let original, present[original] != nil, !newColumns.contains(original) {
            found = (original, .renamed(from: original))
        } else {
            return .missing
        }
        if let stored = present[found.name], stored != type {
            throw SwiftDataError.refusedChange(
                entity: entity, property: name,
                reason: "its column holds \(stored) values, and its type is now stored as \(type)",
                remedy:
                    "Add a new property of the new type, copy the values, then remove the old one in a later version.")
        }
        return found.column
    }

    private static func rename(_ original: String, to name: String, in table: String) -> String {
        "ALTER TABLE \(table) RENAME COLUMN \(PostgresTables.quote(original)) TO \(PostgresTables.quote(name))"
    }

    /// Refuses a new property that every model must have when the table holds models of
    /// the entities that have it.
    private static func refuseIfRows(
        _ entity: String, _ property: String, _ entities: [String], root: String,
        rows: (String, [String]) async throws -> Int, reason: String, remedy: String
    ) async throws {
        let count = try await rows(root, entities)
        guard count > 0 else { return }
        throw SwiftDataError.refusedChange(
            entity: entity, property: property, reason: "\(reason), and \(entity) has \(count) rows", remedy: remedy)
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
