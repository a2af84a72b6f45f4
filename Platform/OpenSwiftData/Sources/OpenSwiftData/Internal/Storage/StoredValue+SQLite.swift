import Foundation
internal import GRDB
internal import GRDBSQLite

// Conversions between a model's stored values and GRDB's and SQLite's: statement
// arguments are GRDB values, and fetched columns are read with SQLite's C API.
extension StoredValue {
    /// The value as a statement argument. A value not read from the store is never
    /// written back (a save writes the columns a model changed, and an insert is a new
    /// model's, read in full): reaching one here is a programming error.
    var databaseValue: DatabaseValue {
        switch self {
        case .notRead: preconditionFailure("a value that was not read from the store cannot be written")
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }

    /// The stored form of a value GRDB read.
    init(_ databaseValue: DatabaseValue) {
        switch databaseValue.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    /// The value of column `index` of the row `statement` stands on.
    init(statement: SQLiteStatement, column index: CInt) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL:
            self = .null
        case SQLITE_INTEGER:
            self = .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            self = .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // The text is read before its length, as SQLite's documentation asks.
            let text = sqlite3_column_text(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let text else {
                self = .text("")
                return
            }
            self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        default:
            let bytes = sqlite3_column_blob(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            self = .blob(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        }
    }
}

extension StatementArguments {
    /// Arguments made of stored values.
    init(storedValues: [StoredValue]) {
        self.init(storedValues.map { $0.databaseValue as (any DatabaseValueConvertible)? })
    }

    /// Arguments made of database values. GRDB's initializer for a sequence of one
    /// convertible type maps it through a key path, which generic code instantiates
    /// anew at each call; this one maps through a closure.
    init(databaseValues: [DatabaseValue]) {
        self.init(databaseValues.map { $0 as (any DatabaseValueConvertible)? })
    }
}
