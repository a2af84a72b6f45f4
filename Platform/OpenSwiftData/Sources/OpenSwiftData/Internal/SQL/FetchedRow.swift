internal import GRDB
internal import GRDBSQLite

/// The current row of a stepped statement, read column by column with SQLite's C API:
/// a fetch reads each row once, so the generic decoding of GRDB's `Row` is not needed.
///
/// Column 0 is the primary key, then the columns of an ``EntityQuery`` (the property each
/// holds is in its ``EntityQuery/RowKind/columns``), then any extra column a query adds.
struct FetchedRow {
    let statement: SQLiteStatement
    let primaryKey: Int64

    func value(at column: Int) -> StoredValue {
        StoredValue(statement: statement, column: CInt(column))
    }

    func int64(at column: Int) -> Int64 {
        sqlite3_column_int64(statement, CInt(column))
    }
}

extension FetchedRow {
    /// Calls `body` with each row of `statement`, run with `arguments`.
    ///
    /// The statement is bound and stepped with SQLite's C API, as GRDB documents its
    /// `sqliteStatement` for: GRDB's cursors validate and copy the arguments and check
    /// the cursor's state at every row, which a fetch of one row pays several times over
    /// its query. The statement is a read (`SELECT`), prepared by GRDB on `db`, and left
    /// reset, its bindings kept, as GRDB leaves the statements it runs.
    static func forEach(
        in statement: Statement, arguments: [DatabaseValue], db: Database, _ body: (FetchedRow) throws -> Void
    ) throws {
        let sqliteStatement = statement.sqliteStatement
        sqlite3_reset(sqliteStatement)
        defer { sqlite3_reset(sqliteStatement) }
        for (position, argument) in arguments.enumerated() {
            let code = argument.bind(to: sqliteStatement, at: CInt(position + 1))
            guard code == SQLITE_OK else { throw StatementRunner.error(code, statement: statement, db: db) }
        }
        while true {
            let code = sqlite3_step(sqliteStatement)
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { return }
                throw StatementRunner.error(code, statement: statement, db: db)
            }
            try body(FetchedRow(statement: sqliteStatement, primaryKey: sqlite3_column_int64(sqliteStatement, 0)))
        }
    }

}

extension Database {
    /// The cached statement for `sql`, or a new one when the cached statement is being
    /// stepped: a fetch run while another is reading its rows (from a property's
    /// initial value, or a relationship faulted by a predicate) must not reset the outer
    /// fetch's statement.
    func fetchStatement(sql: String) throws -> Statement {
        let cached = try cachedStatement(sql: sql)
        guard sqlite3_stmt_busy(cached.sqliteStatement) != 0 else { return cached }
        return try makeStatement(sql: sql)
    }
}

// A row's columns and a model's values: column `i + 1` holds the property at
// `columns[i]`, or none for -1 (``EntityQuery/RowKind/columns``); properties come in
// increasing order.
extension FetchedRow {
    /// Replaces the values of the properties that have a column with the row's.
    func assign(to values: UnsafeMutableBufferPointer<StoredValue>, columns: [Int]) {
        for (column, index) in columns.enumerated() where index >= 0 {
            values[index] = value(at: column + 1)
        }
    }

    /// Initializes `values`, memory not initialized yet, from the row, and NULL for the
    /// properties without a column (to-many relationships).
    func initialize(_ values: UnsafeMutableBufferPointer<StoredValue>, columns: [Int]) {
        var next = 0
        for (column, index) in columns.enumerated() where index >= 0 {
            while next < index {
                values.initializeElement(at: next, to: .null)
                next += 1
            }
            values.initializeElement(at: index, to: value(at: column + 1))
            next = index + 1
        }
        while next < values.count {
            values.initializeElement(at: next, to: .null)
            next += 1
        }
    }
}
