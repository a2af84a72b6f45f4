import GRDB

/// The values a property accessor reads without its attribute's codec: a stored
/// integer, real or text as `Int`, `Int64`, `Bool`, `Double` or `String`, optional or
/// not, and NULL as `nil` for those optionals.
///
/// Inlinable, so that a model's accessor, specialized for its property's type, tests
/// one type and one storage case instead of calling generic code that looks the codec
/// up. Each result is what the codec decodes from the same stored value
/// (``SQLitePrimitive``); any other case is left to the codec, which also reports a
/// value that does not fit. A relationship's key, a stored integer, is never read
/// here: a relationship's type is a model, an array or an optional of one, none of the
/// types below.
@usableFromInline
enum DirectRead {
    @inlinable
    static func value<Value>(_ stored: DatabaseValue, as _: Value.Type) -> Value? {
        switch stored.storage {
        case .int64(let integer):
            if Value.self == Int.self { return unsafeBitCast(Int(integer), to: Value.self) }
            if Value.self == Int?.self { return unsafeBitCast(Int?.some(Int(integer)), to: Value.self) }
            if Value.self == Int64.self { return unsafeBitCast(integer, to: Value.self) }
            if Value.self == Int64?.self { return unsafeBitCast(Int64?.some(integer), to: Value.self) }
            if Value.self == Bool.self { return unsafeBitCast(integer != 0, to: Value.self) }
            if Value.self == Bool?.self { return unsafeBitCast(Bool?.some(integer != 0), to: Value.self) }
            return nil
        case .double(let real):
            if Value.self == Double.self { return unsafeBitCast(real, to: Value.self) }
            if Value.self == Double?.self { return unsafeBitCast(Double?.some(real), to: Value.self) }
            return nil
        case .string(let text):
            if Value.self == String.self { return unsafeBitCast(text, to: Value.self) }
            if Value.self == String?.self { return unsafeBitCast(String?.some(text), to: Value.self) }
            return nil
        case .null:
            if Value.self == Int?.self { return unsafeBitCast(Int?.none, to: Value.self) }
            if Value.self == Int64?.self { return unsafeBitCast(Int64?.none, to: Value.self) }
            if Value.self == Bool?.self { return unsafeBitCast(Bool?.none, to: Value.self) }
            if Value.self == Double?.self { return unsafeBitCast(Double?.none, to: Value.self) }
            if Value.self == String?.self { return unsafeBitCast(String?.none, to: Value.self) }
            return nil
        case .blob:
            return nil
        }
    }
}
