import Foundation

/// Converts the values of one attribute between Swift and SQLite.
///
/// Built once per property from its declared type: SQLite primitives are stored as is,
/// `RawRepresentable` values by their raw value, other `Codable` values as JSON text, and
/// a transformable attribute's value as the `Data` its transformer makes
/// (``TransformerReference``). A value stored as a BLOB may instead be the name of a
/// file beside the store (``ExternalDataReference``).
// @unchecked Sendable: immutable (every field a `let` set at creation), and its closures
// capture only metatypes; a class rather than a struct so that ``TypedAttributeCodec``
// can refine it; checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
class AttributeCodec: @unchecked Sendable {
    /// The storage class of the column.
    let storageType: ColumnStorageType
    /// The stored type as recorded in the entity's shape (`Int`, `String`, `JSON<[Tag]>`…).
    let storedTypeName: String
    /// Whether the declared type is optional (the column accepts NULL).
    let isOptional: Bool
    /// Whether SQL's `<` and `ORDER BY` agree with Swift's order for this type.
    let sqlOrderMatchesSwift: Bool
    /// Whether the stored form is JSON text.
    let isJSON: Bool
    /// For raw-representable types: whether a key path applied to the value created from
    /// a raw constant gives that constant back, as `rawValue` does.
    let rawValueCheck: ((AnyKeyPath, Any) -> Bool)?
    fileprivate let conversion: ValueConversion
    /// `@Attribute(.externalStorage)`: a value larger than ``ExternalDataFolder/threshold``
    /// is saved to a file beside the store.
    let storesExternally: Bool

    /// The declared type (`Int`, `String?`, `[Tag]`…).
    let valueType: Any.Type

    /// Whether the attribute is a `String` or `String?`, which sorts with
    /// `localizedStandardCompare` (``SortTranslator``).
    var isString: Bool { valueType == String.self || valueType == String?.self }

    fileprivate init(conversion: ValueConversion, isOptional: Bool, valueType: Any.Type, storesExternally: Bool) {
        self.conversion = conversion
        self.storesExternally = storesExternally
        self.valueType = valueType
        self.storageType = conversion.storageType
        self.storedTypeName = conversion.typeName
        self.isOptional = isOptional
        self.sqlOrderMatchesSwift = conversion.orderMatchesSwift
        self.isJSON = conversion.isJSON
        self.rawValueCheck = conversion.rawValueCheck
    }

    /// Encodes a value of the declared type (an `Optional` when the type is optional).
    func encodeAny(_ value: Any) throws -> StoredValue {
        if isOptional {
            guard let wrapped = (value as? any _OptionalMarker)?._wrappedAny else { return .null }
            return try conversion.encode(wrapped)
        }
        return try conversion.encode(value)
    }

    /// Encodes a non-optional value of the wrapped type, as predicates compare with.
    /// Throws for a type whose stored form SQL cannot compare (a BLOB, which may name an
    /// external file; a transformer's output), so that the comparison is made in memory.
    func encodeWrapped(_ value: Any) throws -> StoredValue {
        guard conversion.comparesInSQL else { throw AttributeDecodingError.notComparableInSQL(storedTypeName) }
        return try conversion.encode(value)
    }

    /// Decodes a stored value into the declared type, boxed.
    func decodeAny(_ storedValue: StoredValue) throws -> Any {
        fatalError("AttributeCodec.decodeAny must be overridden")
    }

    /// Builds the codec for a property's declared type and its `@Attribute` options, or
    /// nil when it cannot be stored.
    static func make<Value>(for type: Value.Type, attribute: Schema.Attribute? = nil) -> AttributeCodec? {
        let storesExternally = attribute?.options.contains(.externalStorage) ?? false
        let optionalType = type as? any _OptionalMarker.Type
        let conversion: ValueConversion?
        let direct: DirectType?
        switch (attribute?.transformer, optionalType) {
        case (let transformer?, let optionalType?):
            conversion = optionalType._transformableConversion(by: transformer)
            direct = nil
        case (let transformer?, nil):
            conversion = .transformable(Value.self, by: transformer)
            direct = nil
        case (nil, let optionalType?):
            conversion = ValueConversion.make(for: optionalType._wrappedType)
            direct = DirectType(optionalType._wrappedType)
        case (nil, nil):
            conversion = ValueConversion.make(for: type)
            direct = DirectType(type)
        }
        guard let conversion else { return nil }
        return TypedAttributeCodec<Value>(
            conversion: conversion.readingExternalData(), isOptional: optionalType != nil, direct: direct,
            storesExternally: storesExternally)
    }
}

/// The primitive types that property accessors convert with code specialized for each,
/// with no `Any` and no generic metadata lookup on the way: the hot path of every
/// property read and write.
private enum DirectType {
    case int, int64, double, bool, string, date

    init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Date.self): self = .date
        default: return nil
        }
    }
}

/// An ``AttributeCodec`` that knows the property's declared type, so that property
/// accessors decode and encode without going through `Any`.
// @unchecked Sendable: as ``AttributeCodec``; its one field more is a `let` enum.
final class TypedAttributeCodec<Value>: AttributeCodec, @unchecked Sendable {
    /// Set when `Value` is one of the direct types, or an optional of one.
    private let direct: DirectType?

    fileprivate init(conversion: ValueConversion, isOptional: Bool, direct: DirectType?, storesExternally: Bool) {
        self.direct = direct
        super.init(
            conversion: conversion, isOptional: isOptional, valueType: Value.self, storesExternally: storesExternally)
    }

    func decode(_ storedValue: StoredValue) throws -> Value {
        switch direct {
        case .int: try decode(storedValue, as: Int.self)
        case .int64: try decode(storedValue, as: Int64.self)
        case .double: try decode(storedValue, as: Double.self)
        case .bool: try decode(storedValue, as: Bool.self)
        case .string: try decode(storedValue, as: String.self)
        case .date: try decode(storedValue, as: Date.self)
        case nil: try decodeThroughAny(storedValue)
        }
    }

    func encode(_ value: Value) throws -> StoredValue {
        switch direct {
        case .int: encode(value, as: Int.self)
        case .int64: encode(value, as: Int64.self)
        case .double: try Self.refusingNaN(encode(value, as: Double.self))
        case .bool: encode(value, as: Bool.self)
        case .string: encode(value, as: String.self)
        case .date: try Self.refusingNaN(encode(value, as: Date.self))
        case nil: try Self.refusingNaN(encodeAny(value))
        }
    }

    /// SQLite stores a NaN bound as a REAL as NULL: an optional would read back `nil`, a
    /// non-optional could not be read at all. Refused, so that the save says which
    /// property holds it instead of losing the value.
    @inline(__always)
    private static func refusingNaN(_ stored: StoredValue) throws -> StoredValue {
        if case .real(let number) = stored, number.isNaN { throw AttributeEncodingError.notANumber }
        return stored
    }

    override func decodeAny(_ storedValue: StoredValue) throws -> Any {
        try decode(storedValue)
    }

    /// Decodes `P` or `P?`, which `direct` says `Value` is. The bit casts are between
    /// identical types: invariant, `direct` is set only when `Value` is `P` or `P?`
    /// (``DirectType/init(_:)`` compares the types); checked by
    /// `SoundnessTests.directCodecsRoundTrip`.
    @inline(__always)
    private func decode<P: SQLitePrimitive>(_ stored: StoredValue, as _: P.Type) throws -> Value {
        if isOptional {
            if stored.isNull { return unsafeBitCast(P?.none, to: Value.self) }
            if let value = P(storedValue: stored) { return unsafeBitCast(P?.some(value), to: Value.self) }
        } else if let value = P(storedValue: stored) {
            return unsafeBitCast(value, to: Value.self)
        }
        return try decodeThroughAny(stored)
    }

    /// Encodes `P` or `P?`, with the same invariant as ``decode(_:as:)``.
    @inline(__always)
    private func encode<P: SQLitePrimitive>(_ value: Value, as _: P.Type) -> StoredValue {
        if isOptional {
            return unsafeBitCast(value, to: P?.self)?.storedValue ?? .null
        }
        return unsafeBitCast(value, to: P.self).storedValue
    }

    /// The general path: any storable type, and the errors of values that do not fit.
    private func decodeThroughAny(_ storedValue: StoredValue) throws -> Value {
        if storedValue.isNull {
            guard isOptional, let none = (Value.self as? any _OptionalMarker.Type)?._none as? Value else {
                throw AttributeDecodingError.unexpectedNull
            }
            return none
        }
        guard let decoded = try conversion.decode(storedValue) else {
            throw AttributeDecodingError.incompatibleValue(String(describing: storedValue))
        }
        if isOptional, let wrapped = (Value.self as? any _OptionalMarker.Type)?._wrap(decoded) as? Value {
            return wrapped
        }
        guard let value = decoded as? Value else {
            throw AttributeDecodingError.incompatibleValue(String(describing: storedValue))
        }
        return value
    }
}

/// Why a value cannot be stored in its property's column.
enum AttributeEncodingError: Error, CustomStringConvertible {
    case notANumber

    var description: String {
        switch self {
        case .notANumber: "NaN cannot be stored: SQLite keeps a NaN as NULL, and the value would be lost"
        }
    }
}

/// Why a stored value could not be read back as its property's type.
enum AttributeDecodingError: Error, CustomStringConvertible {
    case unexpectedNull
    case incompatibleValue(String)
    case invalidJSON(String)
    case notComparableInSQL(String)

    var description: String {
        switch self {
        case .unexpectedNull: "NULL stored for a non-optional attribute"
        case .incompatibleValue(let value): "stored value \(value) does not fit the attribute's type"
        case .invalidJSON(let reason): "stored JSON cannot be decoded: \(reason)"
        case .notComparableInSQL(let type): "values stored as \(type) are compared in memory"
        }
    }
}
