import OpenSwiftData

/// Reads and writes one attribute of models of one entity as JSON text, through the
/// attribute's key path, with the attribute's own Swift type.
struct FieldCodec {
    let name: String
    /// The value's JSON text.
    let text: (any PersistentModel) throws -> String
    /// Reads the value from its JSON text, and returns what sets it: on a new model
    /// (`isNew`), without reading the value it replaces, which a new model does not have
    /// yet. Throws when the text is not a value of the attribute's type (written by a newer
    /// release, or malformed), before any model is changed.
    let read: (_ text: String) throws -> FieldWrite
    /// Sets the value a model takes when a record does not carry the field (written whole
    /// by a release without it): the declared default, or nil; on a new model (`isNew`), as
    /// its first value.
    let writeDefault: FieldWrite

    /// The codec of an attribute of `Model`; nil when its value cannot be synced (not
    /// `Codable`, or a `let` that cannot be written).
    static func make<Model: PersistentModel>(_ metadata: Schema.PropertyMetadata, of _: Model.Type) -> FieldCodec? {
        guard let valueType = type(of: metadata.keypath).valueType as? any Codable.Type else { return nil }
        return make(metadata, valueType, of: Model.self)
    }

    private static func make<Model: PersistentModel, Value: Codable>(
        _ metadata: Schema.PropertyMetadata, _: Value.Type, of _: Model.Type
    ) -> FieldCodec? {
        guard let keyPath = metadata.keypath as? ReferenceWritableKeyPath<Model, Value> else { return nil }
        let name = metadata.name
        let defaultValue: Value?
        if let declared = metadata.defaultValue as? Value {
            defaultValue = declared
        } else if let optional = Value.self as? any ExpressibleByNilLiteral.Type {
            defaultValue = optional.init(nilLiteral: ()) as? Value
        } else {
            defaultValue = nil
        }
        func model(_ any: any PersistentModel) throws -> Model {
            guard let model = any as? Model else { throw FieldError.wrongModel(name) }
            return model
        }
        return FieldCodec(
            name: name,
            text: { try JSONText.encode(model($0)[keyPath: keyPath]) },
            read: { text in
                let value = try JSONText.decode(Value.self, from: text)
                return { any, isNew in
                    if isNew {
                        try model(any).setInitialValue(value, for: keyPath)
                    } else {
                        try model(any)[keyPath: keyPath] = value
                    }
                }
            },
            writeDefault: { any, isNew in
                guard let defaultValue else { throw FieldError.noDefault(name) }
                if isNew {
                    try model(any).setInitialValue(defaultValue, for: keyPath)
                } else {
                    try model(any)[keyPath: keyPath] = defaultValue
                }
            })
    }
}

/// Sets one attribute's value, read beforehand, on a model; on a new model (`isNew`), as
/// its first value.
typealias FieldWrite = (_ model: any PersistentModel, _ isNew: Bool) throws -> Void

/// A field that could not be read or written.
enum FieldError: Error, CustomStringConvertible {
    case wrongModel(String)
    case noDefault(String)
    case wrongTargets(String)

    var description: String {
        switch self {
        case .wrongModel(let name): "\(name) was read from a model of another entity"
        case .noDefault(let name): "a record lacks \(name), which has no default value"
        case .wrongTargets(let name): "\(name) cannot hold the models its record names"
        }
    }
}
