internal import GRDB

/// Finding the rows that refer to external-data files, from the database alone (tools
/// that copy or check a store know no schema): an entity table's BLOB column holds text
/// only as the name of such a file (``ExternalDataReference``).
enum ExternalDataRows {
    /// One reference: the table, the column, the row's primary key and the file's name.
    struct Reference: Hashable {
        let table: String
        let column: String
        let key: Int64
        let fileName: String
    }

    /// The BLOB columns of each entity table of `schema` (`main`, or an attached
    /// database), by table.
    static func blobColumns(_ db: Database, schema: String = "main") throws -> [(table: String, columns: [String])] {
        var result: [(table: String, columns: [String])] = []
        for table in try StoreFile.tableNames(db, schema: schema) where !table.hasPrefix("openswiftdata_") {
            let info = try Row.fetchAll(db, sql: "PRAGMA \(schema).table_info(\(EntityDescriptor.quote(table)))")
            let names = info.map { $0["name"] as String }
            guard names.contains(EntityDescriptor.primaryKeyColumn) else { continue }
            let blobs = info.filter { ($0["type"] as String).uppercased() == "BLOB" }.map { $0["name"] as String }
            if !blobs.isEmpty { result.append((table, blobs)) }
        }
        return result
    }

    /// Every reference the entity tables of `schema` hold.
    static func references(_ db: Database, schema: String = "main") throws -> [Reference] {
        var result: [Reference] = []
        for (table, columns) in try blobColumns(db, schema: schema) {
            result += try references(db, schema: schema, table: table, columns: columns, where: nil)
        }
        return result
    }

    /// The references of `columns` of `table`, in the rows `condition` (SQL over the
    /// table's columns) selects, or in every row.
    static func references(
        _ db: Database, schema: String = "main", table: String, columns: [String], where condition: String?,
        arguments: StatementArguments = []
    ) throws -> [Reference] {
        var result: [Reference] = []
        let key = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        for column in columns {
            let quoted = EntityDescriptor.quote(column)
            let filter = condition.map { " AND (\($0))" } ?? ""
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT \(key), \(quoted) FROM \(schema).\(EntityDescriptor.quote(table)) WHERE typeof(\(quoted)) = 'text'\(filter)",
                arguments: arguments)
            result += rows.map { Reference(table: table, column: column, key: $0[0], fileName: $0[1]) }
        }
        return result
    }
}
