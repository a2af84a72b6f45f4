import Foundation

/// JSON text of single values, as the server's JSONB fields hold them.
///
/// Each field of a record is encoded alone, and the server returns each field's value
/// alone (`jsonb_each`), so that a field is decoded with its property's own type and
/// nothing passes through an untyped JSON tree (where a number could lose digits).
/// Dates are encoded as Foundation encodes them by default: seconds since 2001, as
/// OpenSwiftData stores them.
///
/// Every value a model can hold has a text the server takes, and reads back as it was:
/// infinities and NaN (which JSON has no numbers for) are the strings `"Infinity"`,
/// `"-Infinity"` and `"NaN"`, and a text holding U+0000 (which PostgreSQL's `jsonb` refuses)
/// goes as ``escapedKey``'s object, the Base64 of its JSON text.
enum JSONText {
    /// The one key of the object that stands for a JSON text holding U+0000.
    static let escapedKey = "storesync.base64-json"

    /// The JSON text of a value, as the server takes it.
    ///
    /// - Throws: The value's own encoding error (a custom `Encodable` that throws).
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        let text: String
        if let plain = plainText(value) {
            text = plain
        } else {
            // Wrapped in an array so that any value, a bare number or null too, is a document.
            let wrapped = try encoder.encode([value])
            text = String(decoding: wrapped.dropFirst().dropLast(), as: UTF8.self)
        }
        // U+0000 is escaped `\u0000` in JSON; `jsonb` refuses that escape (text in
        // PostgreSQL cannot hold the character), and the whole push with it.
        guard text.contains("\\u0000") else { return text }
        return "{\(stringLiteral(escapedKey)):\"\(Data(text.utf8).base64EncodedString())\"}"
    }

    /// The JSON text an ``escapedKey`` object stands for, or `text` itself.
    private static func unescaped(_ text: String) -> String {
        guard text.hasPrefix("{"), text.contains(escapedKey) else { return text }
        guard let object = try? decoder.decode([String: String].self, from: Data(text.utf8)), object.count == 1,
            let encoded = object[escapedKey], let bytes = Data(base64Encoded: encoded)
        else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text `JSONEncoder` gives the values most fields hold (strings, integers,
    /// booleans, UUIDs, nil), written directly: a push encodes every field of every
    /// record, and an encoder's call costs many times the text. Nil for other values.
    static func plainText(_ value: Any) -> String? {
        switch value {
        case let text as String: return stringLiteral(text)
        case let number as Int: return String(number)
        case let number as Int64: return String(number)
        case let number as Int32: return String(number)
        case let flag as Bool: return flag ? "true" : "false"
        case let identifier as UUID: return "\"\(identifier.uuidString)\""
        case let optional as any OptionalValue where optional.isNone: return "null"
        default: return nil
        }
    }

    /// The value `JSONDecoder` reads from the text of a string without escapes, an
    /// integer, a boolean, a number of a `Double` or `Date` (seconds since 2001, as
    /// `JSONEncoder` writes a date), or `null`, read directly: a pull decodes every field
    /// of every record. Nil for other texts and types, which the decoder reads.
    static func plainValue<Value>(_: Value.Type, from text: String) -> Value? {
        func isType<Other>(_: Other.Type) -> Bool {
            Value.self == Other.self || Value.self == Other?.self
        }
        if text == "null" {
            return (Value.self as? any OptionalValue.Type)?.noValue as? Value
        }
        let utf8 = text.utf8
        if utf8.count >= 2, utf8.first == UInt8(ascii: "\""), utf8.last == UInt8(ascii: "\"") {
            let content = text.utf8.dropFirst().dropLast()
            guard !content.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 })
            else { return nil }
            if isType(String.self) { return String(content) as? Value }
            if isType(UUID.self) { return String(content).flatMap(UUID.init(uuidString:)) as? Value }
            return nil
        }
        if isType(Int.self) { return Int(text) as? Value }
        if isType(Int64.self) { return Int64(text) as? Value }
        if isType(Bool.self) { return text == "true" ? true as? Value : text == "false" ? false as? Value : nil }
        if isType(Double.self) { return Double(text).flatMap { $0.isFinite ? $0 : nil } as? Value }
        if isType(Date.self) {
            return Double(text).flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil } as? Value
        }
        return nil
    }

    /// A string as `JSONEncoder` writes it with `.withoutEscapingSlashes`.
    private static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        literal.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\u{8}": literal += "\\b"
            case "\u{C}": literal += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        literal += "\""
        return literal
    }

    /// A value of `type` from its JSON text.
    static func decode<Value: Decodable>(_ type: Value.Type, from received: String) throws -> Value {
        if let value = plainValue(Value.self, from: received) { return value }
        let text = unescaped(received)
        let values = try decoder.decode([Value].self, from: Data("[\(text)]".utf8))
        guard let value = values.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no value in \(text)"))
        }
        return value
    }

    /// A string as a JSON string literal.
    static func string(_ text: String) -> String {
        stringLiteral(text)
    }

    /// A JSON object of `members`, keys sorted, each value the JSON text given.
    static func object(_ members: [String: String]) -> String {
        "{" + members.keys.sorted().map { "\(string($0)):\(members[$0] ?? "null")" }.joined(separator: ",") + "}"
    }

    /// One of each, made once: making them costs more than encoding a field.
    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }()
    private static let decoder = {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }()
}

/// An optional seen as `Any`: whether it holds nothing, and the optional that does.
protocol OptionalValue {
    var isNone: Bool { get }
    static var noValue: Self { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
    static var noValue: Self { nil }
}
