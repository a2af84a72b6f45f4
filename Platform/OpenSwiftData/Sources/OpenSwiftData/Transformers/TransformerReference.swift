import Foundation

/// The transformer a transformable attribute names: a type
/// (`.transformable(by: ColorTransformer.self)`), of which each use makes an instance, or
/// the name of a registered one (`.transformable(by: "ColorTransformer")`).
///
/// An attribute is stored with the transformer's `transformedValue(_:)` and read with
/// its `reverseTransformedValue(_:)`, except for an `NSSecureUnarchiveFromDataTransformer`
/// (or a subclass), which unarchives forward and so is used the other way round, as Core
/// Data uses it.
enum TransformerReference: Hashable, Sendable {
    case type(ValueTransformer.Type)
    case name(String)

    static func == (lhs: TransformerReference, rhs: TransformerReference) -> Bool {
        switch (lhs, rhs) {
        case (.type(let left), .type(let right)): ObjectIdentifier(left) == ObjectIdentifier(right)
        case (.name(let left), .name(let right)): left == right
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .type(let type): hasher.combine(ObjectIdentifier(type))
        case .name(let name): hasher.combine(name)
        }
    }

    /// The transformer as the attribute names it: its type, or its name in quotes.
    var description: String {
        switch self {
        case .type(let type): String(describing: type)
        case .name(let name): "\"\(name)\""
        }
    }

    /// A problem with the transformer that no value can avoid, found when the schema is
    /// built: a type that cannot reverse its transformation cannot read back what it
    /// stored.
    var schemaProblem: String? {
        guard case .type(let type) = self, !(type is NSSecureUnarchiveFromDataTransformer.Type),
            !type.allowsReverseTransformation()
        else { return nil }
        return
            "is transformable by \(type), whose allowsReverseTransformation() is false, so stored values could not be read back"
    }

    /// `value` as the transformer stores it.
    func data(from value: Any) throws -> Data {
        try withTransformer { transformer in
            let storesInReverse = transformer is NSSecureUnarchiveFromDataTransformer
            let method = storesInReverse ? "reverseTransformedValue(_:)" : "transformedValue(_:)"
            let output =
                storesInReverse ? transformer.reverseTransformedValue(value) : transformer.transformedValue(value)
            guard let output else {
                throw TransformableError.returnedNil(
                    transformer: description, method: method, input: String(describing: Swift.type(of: value)))
            }
            guard let data = output as? Data else {
                throw TransformableError.notData(
                    transformer: description, method: method, output: String(describing: Swift.type(of: output)))
            }
            return data
        }
    }

    /// The value the transformer stored as `data`, which must be a `Value`.
    func value<Value>(from data: Data, as _: Value.Type) throws -> Value {
        try withTransformer { transformer in
            let storesInReverse = transformer is NSSecureUnarchiveFromDataTransformer
            let method = storesInReverse ? "transformedValue(_:)" : "reverseTransformedValue(_:)"
            guard storesInReverse || Swift.type(of: transformer).allowsReverseTransformation() else {
                throw TransformableError.notReversible(transformer: description)
            }
            let output =
                storesInReverse ? transformer.transformedValue(data) : transformer.reverseTransformedValue(data)
            guard let output else {
                throw TransformableError.returnedNil(transformer: description, method: method, input: "Data")
            }
            guard let value = output as? Value else {
                throw TransformableError.wrongType(
                    transformer: description, method: method, output: String(describing: Swift.type(of: output)),
                    expected: String(describing: Value.self))
            }
            return value
        }
    }

    /// Runs `body` with the transformer: a new instance of a type; the registered one of a
    /// name, never used by two calls at once.
    private func withTransformer<Result>(_ body: (ValueTransformer) throws -> Result) throws -> Result {
        switch self {
        case .type(let type):
            return try body(type.init())
        case .name(let name):
            #if canImport(ObjectiveC)
                guard let transformer = ValueTransformer(forName: NSValueTransformerName(rawValue: name)) else {
                    throw TransformableError.notRegistered(name: name)
                }
                return try body(transformer)
            #else
                guard let registration = ValueTransformerRegistry.registration(forName: NSValueTransformerName(name))
                else {
                    throw TransformableError.notRegistered(name: name)
                }
                return try registration.withTransformer(body)
            #endif
        }
    }
}

/// Why a transformable attribute's value could not be stored or read back.
enum TransformableError: Error, CustomStringConvertible {
    case returnedNil(transformer: String, method: String, input: String)
    case notData(transformer: String, method: String, output: String)
    case wrongType(transformer: String, method: String, output: String, expected: String)
    case notRegistered(name: String)
    case notReversible(transformer: String)

    var description: String {
        switch self {
        case .returnedNil(let transformer, let method, let input):
            "\(transformer).\(method) returned nil for a \(input)"
        case .notData(let transformer, let method, let output):
            "\(transformer).\(method) returned a \(output), not Data"
        case .wrongType(let transformer, let method, let output, let expected):
            "\(transformer).\(method) returned a \(output), not a \(expected)"
        case .notRegistered(let name):
            "no ValueTransformer is registered under the name \"\(name)\"; register one with ValueTransformer.setValueTransformer(_:forName:) before using the model"
        case .notReversible(let transformer):
            "\(transformer).allowsReverseTransformation() is false, so a stored value cannot be read back"
        }
    }
}
