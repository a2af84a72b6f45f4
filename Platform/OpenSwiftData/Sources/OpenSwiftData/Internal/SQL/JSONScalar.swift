internal import GRDB

/// A value that `json_each` reports as itself: strings, integers, doubles and booleans.
struct JSONScalar {
    let databaseValue: DatabaseValue

    init?(_ value: Any) {
        switch value {
        case let string as String: databaseValue = string.databaseValue
        case let flag as Bool: databaseValue = (flag ? 1 : 0).databaseValue
        case let integer as Int: databaseValue = integer.databaseValue
        case let double as Double: databaseValue = double.databaseValue
        default: return nil
        }
    }
}

/// Wraps a database value for arrays built while translating.
struct DatabaseValueBox {
    let value: DatabaseValue
}
