import Foundation
import GRDB
import GRDBSQLite

/// Runs a GRDB-prepared statement that writes (an `INSERT`, `UPDATE` or `DELETE` of a
/// save) with SQLite's C API, as GRDB documents its `sqliteStatement` for: a save runs
/// one statement per row, and GRDB's arguments and execution bookkeeping cost several
/// times the statement itself. The statement runs inside the save's transaction, on the
/// connection that prepared it, and is left reset, as GRDB leaves the statements it runs.
/// OpenSwiftData registers no GRDB transaction observer, which this bypasses.
enum StatementRunner {
    /// Binds `values` (one per parameter, in order) and steps the statement to its end.
    static func execute(_ statement: Statement, values: [StoredValue], db: Database) throws {
        let sqliteStatement = statement.sqliteStatement
        sqlite3_reset(sqliteStatement)
        defer { sqlite3_reset(sqliteStatement) }
        for (position, value) in values.enumerated() {
            let code = value.bind(to: sqliteStatement, at: CInt(position + 1))
            guard code == SQLITE_OK else { throw error(code, statement: statement, db: db) }
        }
        while true {
            let code = sqlite3_step(sqliteStatement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, statement: statement, db: db) }
        }
    }

    /// The error SQLite reported for `statement`, as GRDB reports errors.
    static func error(_ code: CInt, statement: Statement, db: Database) -> DatabaseError {
        let message = db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}

extension StoredValue {
    /// Binds the value to parameter `index` of a statement; returns SQLite's result code.
    /// Numbers and NULL directly; text and blobs through GRDB's binding, which has SQLite
    /// copy the bytes. A value a partial fetch did not read is never written.
    func bind(to statement: SQLiteStatement, at index: CInt) -> CInt {
        switch self {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let integer): sqlite3_bind_int64(statement, index, integer)
        case .real(let real): sqlite3_bind_double(statement, index, real)
        // A value not read from the store stops at `databaseValue`'s precondition.
        case .text, .blob, .notRead: databaseValue.bind(to: statement, at: index)
        }
    }
}
