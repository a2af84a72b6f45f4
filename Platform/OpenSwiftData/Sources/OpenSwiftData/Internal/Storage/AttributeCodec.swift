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
        case .double: encode(value, as: Double.self)
        case .bool: encode(value, as: Bool.self)
        case .string: encode(value, as: String.self)
        case .date: encode(value, as: Date.self)
        case nil: try encodeAny(value)
        }
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
                guard let primitive = value as? P else { throw AttributeDecodingError.incompatibleValue("\(value)") }
                return primitive.storedValue
            },
            decode: { P(storedValue: $0) }
        )
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

/// Lets generic code see through `Optional` without knowing its wrapped type.
protocol _OptionalMarker {
    static var _wrappedType: Any.Type { get }
    static var _none: Any { get }
    static func _wrap(_ value: Any) -> Any?
    var _wrappedAny: Any? { get }
    /// The conversion of a transformable attribute of the wrapped type.
    static func _transformableConversion(by transformer: TransformerReference) -> ValueConversion
}

extension Optional: _OptionalMarker {
    static var _wrappedType: Any.Type { Wrapped.self }
    static var _none: Any { Optional<Wrapped>.none as Any }
    static func _wrap(_ value: Any) -> Any? {
        guard let wrapped = value as? Wrapped else { return nil }
        return Optional(wrapped) as Any
    }
    var _wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
    static func _transformableConversion(by transformer: TransformerReference) -> ValueConversion {
        .transformable(Wrapped.self, by: transformer)
    }
}

/// Lets generic code find the element type of an array, and build one of models.
protocol _ArrayMarker {
    static var _elementType: Any.Type { get }
    /// `\[Element].count` and `\[Element].isEmpty`, which a predicate applies to a
    /// to-many relationship.
    static var _countKeyPath: AnyKeyPath { get }
    static var _isEmptyKeyPath: AnyKeyPath { get }
    var _elementsAny: [Any] { get }
    /// The models as an array of `Element`, which must be their class (the target type of
    /// the relationship they come from), returned as a `Result`: `[Element]`, or
    /// `[Element]?` for a relationship declared optional. Nil when `Element` is not a
    /// class or `Result` is another type.
    static func _make<Result>(fromModels models: [any PersistentModel], as _: Result.Type) -> Result?
}

extension Array: _ArrayMarker {
    static var _elementType: Any.Type { Element.self }
    static var _countKeyPath: AnyKeyPath { \[Element].count }
    static var _isEmptyKeyPath: AnyKeyPath { \[Element].isEmpty }
    var _elementsAny: [Any] { map { $0 as Any } }
    static func _make<Result>(fromModels models: [any PersistentModel], as _: Result.Type) -> Result? {
        guard Element.self is AnyObject.Type else { return nil }
        // An empty relationship is the empty array: `unsafeUninitializedCapacity: 0` would
        // write its count into the storage every empty array shares, which threads making
        // empty relationships at once race on (the thread sanitizer reports it).
        guard !models.isEmpty else { return [Element]() as? Result }
        let array = [Element](unsafeUninitializedCapacity: models.count) { buffer, initialized in
            // The class last found to be an `Element`: a relationship's models are mostly of
            // one class, so the dynamic cast runs once per run of a class, not per model.
            var checkedClass: ObjectIdentifier?
            for (position, model) in models.enumerated() {
                // A reinterpretation of the reference, checked in every build: a model of
                // another class in the array would be memory used as the wrong type.
                // Invariant: a relationship holds models of its target class only (setters
                // take the declared type, and inverses are validated when the schema is
                // built: `InverseValidationTests`); the check stops the program rather
                // than let a broken invariant corrupt memory.
                let modelClass = ObjectIdentifier(type(of: model))
                if modelClass != checkedClass {
                    precondition(
                        model is Element,
                        "OpenSwiftData: a relationship of \(Element.self) models holds a \(type(of: model)); its inverse pair is misdeclared"
                    )
                    checkedClass = modelClass
                }
                buffer.initializeElement(at: position, to: unsafeBitCast(model as AnyObject, to: Element.self))
            }
            initialized = models.count
        }
        // Cast as the array it is (an optional wraps it): no trip through `Any`.
        return array as? Result
    }
}
