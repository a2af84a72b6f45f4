import Foundation
import GRDB

/// The SQLite storage class of a column.
enum ColumnStorageType: String, Sendable, Codable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case blob = "BLOB"
}

/// A Swift value stored in one SQLite column as is (not as JSON).
///
/// The encodings are chosen so that a store stays readable with the `sqlite3` shell
/// and so that SQL comparisons agree with Swift's wherever `sqlOrderMatchesSwift` is true.
protocol SQLitePrimitive {
    static var storageType: ColumnStorageType { get }
    /// Whether `<` and `ORDER BY` on the stored form give Swift's order.
    static var sqlOrderMatchesSwift: Bool { get }
    /// The name recorded in the schema's shape.
    static var storedTypeName: String { get }
    var sqliteValue: DatabaseValue { get }
    init?(sqliteValue: DatabaseValue)
}

extension SQLitePrimitive {
    static var sqlOrderMatchesSwift: Bool { true }
    static var storedTypeName: String { String(describing: Self.self) }
}

extension SQLitePrimitive where Self: FixedWidthInteger {
    static var storageType: ColumnStorageType { .integer }
    var sqliteValue: DatabaseValue { Int64(truncatingIfNeeded: self).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard case .int64(let value) = sqliteValue.storage, let converted = Self(exactly: value) else {
            return nil
        }
        self = converted
    }
}

extension Int: SQLitePrimitive {}
extension Int8: SQLitePrimitive {}
extension Int16: SQLitePrimitive {}
extension Int32: SQLitePrimitive {}
extension Int64: SQLitePrimitive {}
extension UInt8: SQLitePrimitive {}
extension UInt16: SQLitePrimitive {}
extension UInt32: SQLitePrimitive {}

/// Unsigned 64-bit values keep their bit pattern in SQLite's signed integers, so values
/// above `Int64.max` round-trip but do not sort in SQL: comparisons run in memory.
extension UInt64: SQLitePrimitive {
    static var storageType: ColumnStorageType { .integer }
    static var sqlOrderMatchesSwift: Bool { false }
    var sqliteValue: DatabaseValue { Int64(bitPattern: self).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard case .int64(let value) = sqliteValue.storage else { return nil }
        self = UInt64(bitPattern: value)
    }
}

extension UInt: SQLitePrimitive {
    static var storageType: ColumnStorageType { .integer }
    static var sqlOrderMatchesSwift: Bool { false }
    var sqliteValue: DatabaseValue { UInt64(self).sqliteValue }
    init?(sqliteValue: DatabaseValue) {
        guard let value = UInt64(sqliteValue: sqliteValue) else { return nil }
        self = UInt(value)
    }
}

extension Double: SQLitePrimitive {
    static var storageType: ColumnStorageType { .real }
    var sqliteValue: DatabaseValue { Double(self).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        switch sqliteValue.storage {
        case .double(let value): self = value
        case .int64(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: SQLitePrimitive {
    static var storageType: ColumnStorageType { .real }
    var sqliteValue: DatabaseValue { Double(self).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard let value = Double(sqliteValue: sqliteValue) else { return nil }
        self = Float(value)
    }
}

extension Bool: SQLitePrimitive {
    static var storageType: ColumnStorageType { .integer }
    var sqliteValue: DatabaseValue { Int64(self ? 1 : 0).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard case .int64(let value) = sqliteValue.storage else { return nil }
        self = value != 0
    }
}

extension String: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    var sqliteValue: DatabaseValue { String(self).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard case .string(let value) = sqliteValue.storage else { return nil }
        self = value
    }
}

/// Dates are stored as Core Data stores them: seconds since 2001-01-01 as REAL, which
/// round-trips every `Date` exactly and sorts in SQL.
/// In `sqlite3`: `datetime(createdAt + 978307200, 'unixepoch')`.
extension Date: SQLitePrimitive {
    static var storageType: ColumnStorageType { .real }
    var sqliteValue: DatabaseValue { timeIntervalSinceReferenceDate.databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard let seconds = Double(sqliteValue: sqliteValue) else { return nil }
        self = Date(timeIntervalSinceReferenceDate: seconds)
    }
}

extension Data: SQLitePrimitive {
    static var storageType: ColumnStorageType { .blob }
    var sqliteValue: DatabaseValue { Data(self).databaseValue }
    init?(sqliteValue: DatabaseValue) {
        switch sqliteValue.storage {
        case .blob(let value): self = value
        case .string(let value): self = Data(value.utf8)
        default: return nil
        }
    }
}

/// URLs are stored as their absolute string.
extension URL: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    static var sqlOrderMatchesSwift: Bool { false }
    var sqliteValue: DatabaseValue { absoluteString.databaseValue }
    init?(sqliteValue: DatabaseValue) {
        guard case .string(let value) = sqliteValue.storage, let url = URL(string: value) else { return nil }
        self = url
    }
}

/// UUIDs are stored as their uppercase string, readable in `sqlite3`.
extension UUID: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    var sqliteValue: DatabaseValue { uuidString.databaseValue }
    init?(sqliteValue: DatabaseValue) {
        switch sqliteValue.storage {
        case .string(let value):
            guard let uuid = UUID(uuidString: value) else { return nil }
            self = uuid
        case .blob(let data) where data.count == 16:
            self = data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        default:
            return nil
        }
    }
}

/// Decimals are stored as their exact decimal text; SQL cannot order text numerically,
/// so comparisons and sorts on them run in memory.
extension Decimal: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    static var sqlOrderMatchesSwift: Bool { false }
    var sqliteValue: DatabaseValue { description.databaseValue }
    init?(sqliteValue: DatabaseValue) {
        switch sqliteValue.storage {
        case .string(let value):
            guard let decimal = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                return nil
            }
            self = decimal
        case .int64(let value): self = Decimal(value)
        case .double(let value): self = Decimal(value)
        default: return nil
        }
    }
}
