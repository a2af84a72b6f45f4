import OpenSwiftData

/// The tables that hold a schema's models in a PostgreSQL schema (a namespace): one table
/// per entity, named after it, whose `_pk` column (a `bigint` the database gives) is the
/// models' primary key, with a column per attribute (`bigint`, `double precision`, `text`
/// or `bytea`, as the SQLite store's column holds an `INTEGER`, `REAL`, `TEXT` or `BLOB`)
/// and per to-one relationship (the target's `_pk`, a foreign key whose `ON DELETE` is the
/// delete rule of the to-many relationship it holds the links of). A to-many relationship
/// is read through its inverse's column, or, without a to-one inverse (a many-to-many
/// relationship, or one without an inverse), kept in a join table, as the SQLite store
/// keeps it: `<Entity>_<relationship>` with `source` and `target` columns (each a foreign key
/// whose row's deletion deletes the link) and `_order`, the order links were added in.
///
/// The entities of a class hierarchy (`@Model` subclasses) share one table, named after the
/// root entity, as Core Data's SQLite store keeps an entity hierarchy: the columns of every
/// entity of it, and `_entity`, the name of the row's own entity. A fetch of an entity reads
/// the rows of it and of its subentities, each as a model of its own class.
struct PostgresTables: Sendable {
    static let primaryKey = "_pk"
    /// The column of a hierarchy's table that names each row's entity.
    static let entityColumn = "_entity"
    /// Most parameters of one statement (PostgreSQL's limit is 65,535).
    static let parametersPerStatement = 65_535

    /// `rows` in runs of one statement each, in order: as many rows as fit in
    /// ``parametersPerStatement`` at `parametersPerRow` parameters a row (one row at least).
    static func statementChunks<Rows: Collection>(of rows: Rows, parametersPerRow: Int) -> [Rows.SubSequence] {
        let perStatement = max(1, parametersPerStatement / max(1, parametersPerRow))
        var chunks: [Rows.SubSequence] = []
        var start = rows.startIndex
        while start != rows.endIndex {
            let end = rows.index(start, offsetBy: perStatement, limitedBy: rows.endIndex) ?? rows.endIndex
            chunks.append(rows[start..<end])
            start = end
        }
        return chunks
    }

    /// The PostgreSQL schema's name.
    let namespaceName: String
    /// The PostgreSQL schema, quoted.
    let namespace: String
    /// Each entity's layout, by name.
    let layouts: [String: StoredEntityLayout]
    /// Each entity and its subentities, by the entity's name.
    private let kinds: [String: [String]]

    /// The tables of `schema`'s entities in the PostgreSQL schema `name`.
    ///
    /// - Throws: ``PostgresStoreError/unsupported(_:)`` for entities of one hierarchy that
    ///   declare a property of one name with two column types.
    init(schema: Schema, namespace name: String) throws(PostgresStoreError) {
        try Self.checkNamespace(name)
        namespaceName = name
        namespace = Self.quote(name)
        var layouts: [String: StoredEntityLayout] = [:]
        var kinds: [String: [String]] = [:]
        for layout in schema.storedEntityLayouts {
            layouts[layout.entityName] = layout
            kinds[layout.entityName, default: []].append(layout.entityName)
        }
        for layout in layouts.values {
            var ancestor = layout.superentityName
            while let name = ancestor {
                kinds[name, default: []].append(layout.entityName)
                ancestor = layouts[name]?.superentityName
            }
        }
        self.layouts = layouts
        self.kinds = kinds.mapValues { $0.sorted() }
        for root in Set(layouts.values.map(\.rootEntityName)) {
            var types: [String: String] = [:]
            for (column, type) in tableColumns(root) {
                if let other = types[column], other != type {
                    throw .unsupported(
                        "two columns named \(column) in the hierarchy of \(root), a \(other) and a \(type)")
                }
                types[column] = type
            }
        }
    }

    /// Refuses a name PostgreSQL would not take unquoted as a schema name, or would cut.
    static func checkNamespace(_ name: String) throws(PostgresStoreError) {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63,
            first == "_" || (first.isASCII && first.properties.isAlphabetic),
            name.unicodeScalars.allSatisfy({
                $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
            })
        else { throw .invalidName(name) }
    }

    /// An identifier quoted for SQL.
    static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The quoted, schema-qualified table of an entity (its hierarchy's), or of a join table.
    func table(_ name: String) -> String {
        "\(namespace).\(Self.quote(layouts[name]?.rootEntityName ?? name))"
    }

    /// The entity and its subentities, by name.
    func kinds(of entityName: String) -> [String] {
        kinds[entityName] ?? [entityName]
    }

    /// Whether the entity's table holds a hierarchy (an `_entity` column).
    func isHierarchy(_ entityName: String) -> Bool {
        guard let root = layouts[entityName]?.rootEntityName else { return false }
        return kinds(of: root).count > 1
    }

    /// The columns an entity's rows hold after `_pk` (and `_entity`), in the order reads and
    /// writes use them: attributes, then to-one relationships.
    static func columns(of layout: StoredEntityLayout) -> [String] {
        layout.attributes.map(\.name) + layout.toOnes.map(\.name)
    }

    /// The columns of the table of the hierarchy under `root` after `_pk` and `_entity`, with
    /// their types: the root entity's, then each subentity's own, in name order.
    func tableColumns(_ root: String) -> [(name: String, type: String)] {
        var columns: [(name: String, type: String)] = []
        var seen = Set<String>()
        for entityName in [root] + kinds(of: root).filter({ $0 != root }) {
            guard let layout = layouts[entityName] else { continue }
            for column in Self.columns(of: layout) where seen.insert(column).inserted {
                columns.append((column, Self.columnType(of: column, in: layout)))
            }
        }
        return columns
    }

    /// The columns of the table of the hierarchy under `root`, with their types, as
    /// PostgreSQL's catalog lists a table this store made.
    func catalogColumns(_ root: String) -> [String: String] {
        var columns = [Self.primaryKey: Self.primaryKeyType]
        if isHierarchy(root) { columns[Self.entityColumn] = "text" }
        for (name, type) in tableColumns(root) { columns[name] = type }
        return columns
    }

    /// The columns of each unique constraint of the table of the hierarchy under `root`, as a
    /// table this store made has them.
    func uniqueColumns(_ root: String) -> Set<Set<String>> {
        Set(kinds(of: root).flatMap { layouts[$0]?.uniquenessConstraints ?? [] }.map { Set($0) })
    }

    /// The join tables, by name.
    var joinTables: [String] {
        Set(layouts.values.flatMap { $0.toManys.compactMap(\.joinTable) }).sorted()
    }

    /// The distinct tables of the entities, by root entity name.
    var roots: [String] {
        Set(layouts.values.map(\.rootEntityName)).sorted()
    }

    /// The statements that create the schema (unless `existing` names tables, which it then
    /// holds) and the tables `existing` lacks, their unique constraints and `#Index` indexes,
    /// then the foreign keys of the tables created (so that tables may refer to each other in
    /// any order).
    func creationSQL(existing: Set<String>) -> [String] {
        var statements = existing.isEmpty ? ["CREATE SCHEMA IF NOT EXISTS \(namespace)"] : []
        var created: [String] = []
        for root in roots where !existing.contains(root) {
            var columns = ["\(Self.quote(Self.primaryKey)) bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"]
            if isHierarchy(root) { columns.append("\(Self.quote(Self.entityColumn)) text NOT NULL") }
            for (name, type) in tableColumns(root) { columns.append("\(Self.quote(name)) \(type)") }
            var constraints = Set<[String]>()
            for entityName in kinds(of: root) {
                for names in layouts[entityName]?.uniquenessConstraints ?? [] where constraints.insert(names).inserted {
                    columns.append("UNIQUE (\(names.map(Self.quote).joined(separator: ", ")))")
                }
            }
            statements.append("CREATE TABLE \(table(root)) (\(columns.joined(separator: ", ")))")
            statements += indexSQL(root)
            created.append(root)
        }
        // Each join table once, by the side that owns it, once both its tables exist.
        var joins: [(name: String, source: String, target: String)] = []
        for layout in layouts.values.sorted(by: { $0.entityName < $1.entityName }) {
            for toMany in layout.toManys where toMany.isJoinSource {
                guard let join = toMany.joinTable, !existing.contains(join), !joins.contains(where: { $0.name == join })
                else { continue }
                joins.append((join, layout.entityName, toMany.target))
                statements.append(
                    "CREATE TABLE \(table(join)) (source bigint NOT NULL, target bigint NOT NULL, "
                        + "_order bigint GENERATED ALWAYS AS IDENTITY, PRIMARY KEY (source, target))")
            }
        }
        for join in joins {
            for (column, target) in [("source", join.source), ("target", join.target)] {
                statements.append(
                    "ALTER TABLE \(table(join.name)) ADD FOREIGN KEY (\(column)) "
                        + "REFERENCES \(table(target)) (\(Self.quote(Self.primaryKey))) "
                        + "ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED")
            }
            statements.append("CREATE INDEX ON \(table(join.name)) (target)")
        }
        for root in created {
            var seen = Set<String>()
            for entityName in kinds(of: root) {
                for toOne in layouts[entityName]?.toOnes ?? [] where seen.insert(toOne.name).inserted {
                    statements += foreignKeySQL(root, toOne)
                }
            }
        }
        return statements
    }

    /// An index for each `#Index` of the entities of `root`'s table, named
    /// `<table>_<columns>_idx` as PostgreSQL names one, but those whose names are in
    /// `existing` (the namespace's indexes).
    func indexSQL(_ root: String, existing: Set<String> = []) -> [String] {
        var indexes = Set<[String]>()
        var statements: [String] = []
        for entityName in kinds(of: root) {
            for names in layouts[entityName]?.indexes ?? [] where indexes.insert(names).inserted {
                let unquoted = ([root] + names + ["idx"]).joined(separator: "_")
                guard !existing.contains(unquoted) else { continue }
                let name = Self.quote(unquoted)
                statements.append(
                    "CREATE INDEX IF NOT EXISTS \(name) ON \(table(root)) (\(names.map(Self.quote).joined(separator: ", ")))"
                )
            }
        }
        return statements
    }

    /// The foreign key of a to-one relationship's column of `root`'s table, and its index.
    ///
    /// The key is checked at commit, so that a save may insert rows that refer to each other
    /// in any order. A deletion, this store's or another process's, applies the delete rule of
    /// the to-many relationship the column holds the links of: a cascade deletes the rows, a
    /// denial refuses the deletion at commit, any other rule clears the column.
    func foreignKeySQL(_ root: String, _ toOne: StoredEntityLayout.ToOne) -> [String] {
        let rule = layouts.values.lazy.flatMap(\.toManys).first {
            $0.inverseToOne == toOne.name && self.layouts[$0.target]?.rootEntityName == root
        }?.deleteRule
        return [
            "ALTER TABLE \(table(root)) ADD FOREIGN KEY (\(Self.quote(toOne.name))) "
                + "REFERENCES \(table(toOne.target)) (\(Self.quote(Self.primaryKey))) "
                + "ON DELETE \(Self.action(rule)) DEFERRABLE INITIALLY DEFERRED",
            "CREATE INDEX ON \(table(root)) (\(Self.quote(toOne.name)))",
        ]
    }

    /// What a foreign key does when the row it names is deleted, for the delete rule of the
    /// to-many relationship it holds the links of (none for a to-one without one).
    private static func action(_ rule: Schema.Relationship.DeleteRule?) -> String {
        switch rule {
        case .cascade: "CASCADE"
        case .deny: "NO ACTION"
        default: "SET NULL"
        }
    }

    /// The type of the `_pk` column.
    static let primaryKeyType = "bigint"

    /// The type of a column of `layout`'s table: an attribute's, or a to-one relationship's
    /// (a `_pk`).
    static func columnType(of column: String, in layout: StoredEntityLayout) -> String {
        layout.attributes.first { $0.name == column }.map { type(of: $0.storage) } ?? primaryKeyType
    }

    private static func type(of storage: ColumnStorageType) -> String {
        switch storage {
        case .integer: "bigint"
        case .real: "double precision"
        case .text: "text"
        case .blob: "bytea"
        }
    }
}
