import Foundation

/// How one non-optional Swift type is converted, found once by looking at the type.
struct ValueConversion {
    var storageType: ColumnStorageType
    var typeName: String
    var orderMatchesSwift: Bool
    /// Whether a predicate may compare the stored form in SQL.
    var comparesInSQL = true
    var isJSON = false
    var encode: (Any) throws -> StoredValue
    var decode: (StoredValue) throws -> Any?
    var rawValueCheck: ((AnyKeyPath, Any) -> Bool)? = nil

    static func make(for type: Any.Type) -> ValueConversion? {
        if let primitive = type as? any SQLitePrimitive.Type {
            return .primitive(primitive)
        }
        if let rawRepresentable = type as? any RawRepresentable.Type,
            let conversion = rawValue(rawRepresentable)
        {
            return conversion
        }
        if let codable = type as? any Codable.Type {
            return json(codable)
        }
        return nil
    }

    static func primitive<P: SQLitePrimitive>(_: P.Type) -> ValueConversion {
        ValueConversion(
            storageType: P.storageType,
            typeName: P.storedTypeName,
            orderMatchesSwift: P.sqlOrderMatchesSwift,
            encode: { value in
                // A value of exactly `P` (the usual case) is cast without `as?`'s
                // `Optional<P>`, whose metadata this unspecialized code looks up each time
                // (as `==` of two metatypes would look up `Optional<Any.Type>`'s); the
                // other cast is in a function of its own, which looks it up only when called.
                if ObjectIdentifier(type(of: value)) == ObjectIdentifier(P.self) { return (value as! P).storedValue }
                return try encodeCast(value, as: P.self)
            },
            decode: { P(storedValue: $0) }
        )
    }

    /// `value` as a `P`, stored; an error when it is not one.
    @inline(never)
    private static func encodeCast<P: SQLitePrimitive>(_ value: Any, as _: P.Type) throws -> StoredValue {
        guard let primitive = value as? P else { throw AttributeDecodingError.incompatibleValue("\(value)") }
        return primitive.storedValue
    }

    /// Enums and other raw-representable values are stored as their raw value, so that
    /// `$0.kind?.rawValue == "x"` and `$0.kind == .x` both become plain SQL comparisons.
    static func rawValue<R: RawRepresentable>(_: R.Type) -> ValueConversion? {
        guard let raw = R.RawValue.self as? any SQLitePrimitive.Type else { return nil }
        let base = primitive(raw)
        return ValueConversion(
            storageType: base.storageType,
            typeName: base.typeName,
            orderMatchesSwift: false,
            encode: { value in
                guard let representable = value as? R else {
                    throw AttributeDecodingError.incompatibleValue("\(value)")
                }
                return try base.encode(representable.rawValue)
            },
            decode: { stored in
                guard let raw = try base.decode(stored) as? R.RawValue else { return nil }
                return R(rawValue: raw)
            },
            rawValueCheck: { keyPath, constant in
                guard let raw = constant as? R.RawValue, let value = R(rawValue: raw),
                    let typed = keyPath as? KeyPath<R, R.RawValue>
                else { return false }
                return (value[keyPath: typed] as? AnyHashable) == (raw as? AnyHashable)
            }
        )
    }

    /// Other `Codable` values are stored as JSON text with sorted keys, so equal values
    /// have equal text.
    static func json<C: Codable>(_: C.Type) -> ValueConversion {
        ValueConversion(
            storageType: .text,
            typeName: "JSON<\(String(describing: C.self))>",
            orderMatchesSwift: false,
            isJSON: true,
            encode: { value in
                guard let codable = value as? C else { throw AttributeDecodingError.incompatibleValue("\(value)") }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let data = try encoder.encode(codable)
                return .text(String(decoding: data, as: UTF8.self))
            },
            decode: { stored in
                let data: Data
                switch stored {
                case .text(let text): data = Data(text.utf8)
                case .blob(let blob): data = blob
                default: return nil
                }
                do {
                    return try JSONDecoder().decode(C.self, from: data)
                } catch {
                    throw AttributeDecodingError.invalidJSON("\(error)")
                }
            }
        )
    }
}
