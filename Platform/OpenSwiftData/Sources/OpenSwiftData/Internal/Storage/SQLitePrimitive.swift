import Foundation

/// The SQLite storage class of a column (package access: this package's stores on other
/// engines keep an attribute in the column type of the same class).
package enum ColumnStorageType: String, Sendable, Codable {
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
    var storedValue: StoredValue { get }
    init?(storedValue: StoredValue)
}

extension SQLitePrimitive {
    static var sqlOrderMatchesSwift: Bool { true }
    static var storedTypeName: String { String(describing: Self.self) }
}

extension SQLitePrimitive where Self: FixedWidthInteger {
    static var storageType: ColumnStorageType { .integer }
    var storedValue: StoredValue { .integer(Int64(truncatingIfNeeded: self)) }
    init?(storedValue: StoredValue) {
        guard case .integer(let value) = storedValue, let converted = Self(exactly: value) else {
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
    var storedValue: StoredValue { .integer(Int64(bitPattern: self)) }
    init?(storedValue: StoredValue) {
        guard case .integer(let value) = storedValue else { return nil }
        self = UInt64(bitPattern: value)
    }
}

extension UInt: SQLitePrimitive {
    static var storageType: ColumnStorageType { .integer }
    static var sqlOrderMatchesSwift: Bool { false }
    var storedValue: StoredValue { UInt64(self).storedValue }
    init?(storedValue: StoredValue) {
        guard let value = UInt64(storedValue: storedValue) else { return nil }
        self = UInt(value)
    }
}

extension Double: SQLitePrimitive {
    static var storageType: ColumnStorageType { .real }
    var storedValue: StoredValue { .real(Double(self)) }
    init?(storedValue: StoredValue) {
        switch storedValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: SQLitePrimitive {
    static var storageType: ColumnStorageType { .real }
    var storedValue: StoredValue { .real(Double(self)) }
    init?(storedValue: StoredValue) {
        guard let value = Double(storedValue: storedValue) else { return nil }
        self = Float(value)
    }
}

extension Bool: SQLitePrimitive {
    static var storageType: ColumnStorageType { .integer }
    var storedValue: StoredValue { .integer(self ? 1 : 0) }
    init?(storedValue: StoredValue) {
        guard case .integer(let value) = storedValue else { return nil }
        self = value != 0
    }
}

extension String: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    var storedValue: StoredValue { .text(self) }
    init?(storedValue: StoredValue) {
        guard case .text(let value) = storedValue else { return nil }
        self = value
    }
}

/// Dates are stored as Core Data stores them: seconds since 2001-01-01 as REAL, which
/// round-trips every `Date` exactly and sorts in SQL.
/// In `sqlite3`: `datetime(createdAt + 978307200, 'unixepoch')`.
extension Date: SQLitePrimitive {
    static var storageType: ColumnStorageType { .real }
    var storedValue: StoredValue { .real(timeIntervalSinceReferenceDate) }
    init?(storedValue: StoredValue) {
        guard let seconds = Double(storedValue: storedValue) else { return nil }
        self = Date(timeIntervalSinceReferenceDate: seconds)
    }
}

extension Data: SQLitePrimitive {
    static var storageType: ColumnStorageType { .blob }
    var storedValue: StoredValue { .blob(self) }
    init?(storedValue: StoredValue) {
        switch storedValue {
        case .blob(let value): self = value
        case .text(let value): self = Data(value.utf8)
        default: return nil
        }
    }
}

/// URLs are stored as their absolute string.
extension URL: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    static var sqlOrderMatchesSwift: Bool { false }
    var storedValue: StoredValue { .text(absoluteString) }
    init?(storedValue: StoredValue) {
        guard case .text(let value) = storedValue, let url = URL(string: value) else { return nil }
        self = url
    }
}

/// UUIDs are stored as their uppercase string, readable in `sqlite3`.
extension UUID: SQLitePrimitive {
    static var storageType: ColumnStorageType { .text }
    var storedValue: StoredValue { .text(uuidString) }
    init?(storedValue: StoredValue) {
        switch storedValue {
        case .text(let value):
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
    var storedValue: StoredValue { .text(description) }
    init?(storedValue: StoredValue) {
        switch storedValue {
        case .text(let value):
            guard let decimal = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                return nil
            }
            self = decimal
        case .integer(let value): self = Decimal(value)
        case .real(let value): self = Decimal(value)
        default: return nil
        }
    }
}
