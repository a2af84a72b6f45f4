import Foundation

/// JSON text of single values, as the server's JSONB fields hold them.
///
/// Each field of a record is encoded alone, and the server returns each field's value
/// alone (`jsonb_each`), so that a field is decoded with its property's own type and
/// nothing passes through an untyped JSON tree (where a number could lose digits).
/// Dates are encoded as Foundation encodes them by default: seconds since 2001, as
/// OpenSwiftData stores them.
enum JSONText {
    /// The JSON text of a value.
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        // Wrapped in an array so that any value, a bare number or null too, is a document.
        let wrapped = try encoder.encode([value])
        return String(decoding: wrapped.dropFirst().dropLast(), as: UTF8.self)
    }

    /// A value of `type` from its JSON text.
    static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        let values = try decoder.decode([Value].self, from: Data("[\(text)]".utf8))
        guard let value = values.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no value in \(text)"))
        }
        return value
    }

    /// A string as a JSON string literal.
    static func string(_ text: String) -> String {
        (try? encode(text)) ?? "\"\""
    }

    /// One of each, made once: making them costs more than encoding a field.
    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private static let decoder = JSONDecoder()
}
