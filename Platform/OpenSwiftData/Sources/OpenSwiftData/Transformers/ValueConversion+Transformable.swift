import Foundation

extension ValueConversion {
    /// A transformable attribute of type `Value`: stored as the `Data` its transformer
    /// makes (a BLOB), compared and sorted in memory only, since the transformer's bytes
    /// do not order or compare as the values do.
    static func transformable<Value>(_: Value.Type, by transformer: TransformerReference) -> ValueConversion {
        ValueConversion(
            storageType: .blob,
            typeName: "Transformable<\(String(describing: Value.self))>(by: \(transformer.description))",
            orderMatchesSwift: false,
            comparesInSQL: false,
            encode: { value in
                guard let typed = value as? Value else { throw AttributeDecodingError.incompatibleValue("\(value)") }
                return .blob(try transformer.data(from: typed))
            },
            decode: { stored in
                guard case .blob(let data) = stored else { return nil }
                return try transformer.value(from: data, as: Value.self)
            }
        )
    }
}
