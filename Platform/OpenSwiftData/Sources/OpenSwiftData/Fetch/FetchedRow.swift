import GRDB
import GRDBSQLite

/// The current row of a stepped statement, read column by column with SQLite's C API:
/// a fetch reads each row once, so the generic decoding of GRDB's `Row` is not needed.
///
/// Column 0 is the primary key, then the entity's columns in
/// ``EntityDescriptor/columnPropertyIndices`` order, then any extra column the query adds.
struct FetchedRow {
    let statement: SQLiteStatement

    var primaryKey: Int64 { sqlite3_column_int64(statement, 0) }

    func value(at column: Int) -> DatabaseValue {
        DatabaseValue(sqliteStatement: statement, index: CInt(column))
    }

    func int64(at column: Int) -> Int64 {
        sqlite3_column_int64(statement, CInt(column))
    }
}

/// The rows of a statement, stepped one at a time. A plain loop over `next()` (rather
/// than a closure per row) lets the generic fetch code look its type metadata up once
/// per fetch instead of once per row.
struct FetchedRows {
    private let cursor: RowCursor
    private let row: FetchedRow

    init(_ statement: Statement, arguments: StatementArguments) throws {
        cursor = try Row.fetchCursor(statement, arguments: arguments)
        row = FetchedRow(statement: statement.sqliteStatement)
    }

    func next() throws -> FetchedRow? {
        try cursor.next() == nil ? nil : row
    }
}
