/// The values a property accessor reads without its attribute's codec: a stored
/// integer, real or text as `Int`, `Int64`, `Bool`, `Double` or `String`, optional or
/// not, and NULL as `nil` for those optionals. A value not read yet (``StoredValue/notRead``)
/// is never answered here: the accessor then takes the codec's path, which reads it.
///
/// Inlinable, so that a model's accessor, specialized for its property's type, tests
/// one type and one storage case instead of calling generic code that looks the codec
/// up. Each result is what the codec decodes from the same stored value
/// (``SQLitePrimitive``); any other case is left to the codec, which also reports a
/// value that does not fit. A relationship's key, a stored integer, is never read
/// here: a relationship's type is a model, an array or an optional of one, none of the
/// types below.
///
/// Each branch tests `Value` against one concrete type and converts with `as?`, which
/// the optimizer resolves statically once the accessor is specialized.
@usableFromInline
enum DirectRead {
    @inlinable
    static func value<Value>(_ stored: StoredValue, as _: Value.Type) -> Value? {
        switch stored {
        case .integer(let integer):
            if Value.self == Int.self { return Int(integer) as? Value }
            if Value.self == Int?.self { return Int?.some(Int(integer)) as? Value }
            if Value.self == Int64.self { return integer as? Value }
            if Value.self == Int64?.self { return Int64?.some(integer) as? Value }
            if Value.self == Bool.self { return (integer != 0) as? Value }
            if Value.self == Bool?.self { return Bool?.some(integer != 0) as? Value }
            return nil
        case .real(let real):
            if Value.self == Double.self { return real as? Value }
            if Value.self == Double?.self { return Double?.some(real) as? Value }
            return nil
        case .text(let text):
            if Value.self == String.self { return text as? Value }
            if Value.self == String?.self { return String?.some(text) as? Value }
            return nil
        case .null:
            if Value.self == Int?.self { return Int?.none as? Value }
            if Value.self == Int64?.self { return Int64?.none as? Value }
            if Value.self == Bool?.self { return Bool?.none as? Value }
            if Value.self == Double?.self { return Double?.none as? Value }
            if Value.self == String?.self { return String?.none as? Value }
            return nil
        case .blob, .notRead:
            return nil
        }
    }
}
