/// The SQL of an entity's rows, built once with its descriptor (``EntityDescriptor/sql``):
/// the tables of its chain joined on the primary key, each property as a column of them, and
/// the `SELECT`, `INSERT` and `UPDATE` statements of one row.
struct EntitySQL: Sendable {
    /// The tables of the entity's chain joined on the primary key: the `FROM` of a query of
    /// its rows (its own table alone for an entity without superentity).
    let fromSQL: String
    /// The primary key of a row of ``fromSQL``: the root table's column.
    let keySQL: String
    /// The quoted, table-qualified column list of ``selectSQL``.
    let selectColumnsSQL: String
    /// `SELECT` of the primary key and every column, without a `WHERE` clause.
    let selectSQL: String
    /// `SELECT` of one row by primary key.
    let selectByKeySQL: String
    /// `INSERT` of one row into the entity's own table, the primary key first, then the
    /// columns of its own stored properties.
    let ownInsertSQL: String
    /// `ORDER BY` term that makes any order total: the primary key.
    let primaryKeyOrderSQL: String
    /// Each property as a column of ``fromSQL``: predicates and sorts name columns at
    /// every fetch.
    let qualifiedColumns: [String]
    /// The entity's own table, and each property's quoted name, for ``updateSQL(columns:)``.
    private let quotedTable: String
    private let quotedNames: [String]
    /// `UPDATE` statements by the set of columns they write, built once each.
    private let updateStatements = Locked<[[Int]: String]>([:])

    /// The SQL of the entity whose own table is `table` (unquoted), below `superentity`:
    /// `properties` are all of them, the first `inheritedPropertyCount` declared by the
    /// superentities; `columns` and `ownColumns` are the property indices stored in a
    /// column of the chain, and of the entity's own table.
    init(
        table name: String, superentity: EntityDescriptor?, properties: [PropertyDescriptor],
        inheritedPropertyCount: Int, columns: [Int], ownColumns: [Int]
    ) {
        let table = EntityDescriptor.quote(name)
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        let ancestors = superentity?.tableChain ?? []
        let rootTable = ancestors.first?.quotedTable ?? table
        let keySQL = "\(rootTable).\(primaryKey)"
        self.keySQL = keySQL
        let joinedTables = ancestors.dropFirst().map(\.quotedTable) + (ancestors.isEmpty ? [] : [table])
        fromSQL = ([rootTable] + joinedTables.map { "JOIN \($0) ON \($0).\(primaryKey) = \(keySQL)" })
            .joined(separator: " ")
        let qualifiedColumns = properties.map { property in
            let index = property.index
            let declaringTable =
                index < inheritedPropertyCount ? superentity?.declaringTable(of: index) ?? table : table
            return "\(declaringTable).\(property.quotedName)"
        }
        self.qualifiedColumns = qualifiedColumns
        selectColumnsSQL = ([keySQL] + columns.map { qualifiedColumns[$0] }).joined(separator: ", ")
        selectSQL = "SELECT \(selectColumnsSQL) FROM \(fromSQL)"
        selectByKeySQL = "\(selectSQL) WHERE \(keySQL) = ?"
        primaryKeyOrderSQL = "\(keySQL) ASC"
        let ownColumnNames = ownColumns.map { properties[$0].name }
        let insertColumns = ([EntityDescriptor.primaryKeyColumn] + ownColumnNames).map(EntityDescriptor.quote)
            .joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: ownColumnNames.count + 1).joined(separator: ", ")
        ownInsertSQL = "INSERT INTO \(table) (\(insertColumns)) VALUES (\(placeholders))"
        quotedTable = table
        quotedNames = properties.map(\.quotedName)
    }

    /// `UPDATE` of the given columns (property indices) of one row in the entity's own
    /// table, the primary key bound last.
    func updateSQL(columns: [Int]) -> String {
        if let sql = updateStatements.withLock({ $0[columns] }) { return sql }
        let assignments = columns.map { "\(quotedNames[$0]) = ?" }.joined(separator: ", ")
        let sql =
            "UPDATE \(quotedTable) SET \(assignments) WHERE \(EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)) = ?"
        updateStatements.withLock { $0[columns] = sql }
        return sql
    }
}
