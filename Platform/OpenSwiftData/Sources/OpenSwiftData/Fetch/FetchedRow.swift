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

    /// Calls `body` with each row `statement` returns.
    static func forEach(
        _ statement: Statement, arguments: StatementArguments, _ body: (FetchedRow) throws -> Void
    ) throws {
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        let row = FetchedRow(statement: statement.sqliteStatement)
        while try cursor.next() != nil {
            try body(row)
        }
    }
}
