import Foundation
internal import GRDB
internal import GRDBSQLite

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
        try step(statement, db: db)
    }

    /// Binds `key` to the first parameter and `values` to the next ones, in order, and
    /// steps the statement to its end: an `INSERT` of a row and its primary key, without
    /// building an array of both.
    static func execute(_ statement: Statement, key: Int64, values: [StoredValue], db: Database) throws {
        let sqliteStatement = statement.sqliteStatement
        sqlite3_reset(sqliteStatement)
        defer { sqlite3_reset(sqliteStatement) }
        var code = sqlite3_bind_int64(sqliteStatement, 1, key)
        guard code == SQLITE_OK else { throw error(code, statement: statement, db: db) }
        for (position, value) in values.enumerated() {
            code = value.bind(to: sqliteStatement, at: CInt(position + 2))
            guard code == SQLITE_OK else { throw error(code, statement: statement, db: db) }
        }
        try step(statement, db: db)
    }

    /// Steps a bound statement to its end.
    private static func step(_ statement: Statement, db: Database) throws {
        while true {
            let code = sqlite3_step(statement.sqliteStatement)
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
    /// Numbers, text and NULL directly, with SQLite copying the text's bytes during the
    /// call; blobs through GRDB's binding, which binds an empty blob as a blob, not NULL.
    /// A value a partial fetch did not read is never written.
    func bind(to statement: SQLiteStatement, at index: CInt) -> CInt {
        switch self {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let integer): sqlite3_bind_int64(statement, index, integer)
        case .real(let real): sqlite3_bind_double(statement, index, real)
        case .text(var text):
            // A native string's UTF-8 is contiguous already; SQLite copies it before the
            // closure returns (`transient`), so the pointer is not kept.
            text.withUTF8 { bytes in
                // An empty buffer may have no address, which SQLite would bind as NULL.
                guard let address = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, nil) }
                return sqlite3_bind_text(statement, index, address, CInt(bytes.count), Self.transient)
            }
        // A value not read from the store stops at `databaseValue`'s precondition.
        case .blob, .notRead: databaseValue.bind(to: statement, at: index)
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: the destructor argument that has SQLite copy bound
    /// bytes during the bind call. SQLite's header defines it as the address -1, which
    /// Swift does not import.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
