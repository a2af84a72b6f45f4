import Foundation
import Testing

@testable import StoreSync

/// The JSON text a push writes without an encoder is the text `JSONEncoder` writes, so
/// that a field's text does not depend on which path wrote it.
@Suite("JSON text of plain values")
struct JSONTextTests {
    private func encoderText<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode([value])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    private func check<Value: Encodable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let plain = try #require(JSONText.plainText(value), "written directly", sourceLocation: sourceLocation)
        let expected = try encoderText(value)
        #expect(
            plain == expected, "\(plain.debugDescription) ≠ \(expected.debugDescription)",
            sourceLocation: sourceLocation)
        if expected.contains("\\u0000") {
            // PostgreSQL's jsonb refuses the escape: the text goes as Base64 in an object.
            let sent = try JSONText.encode(value)
            #expect(sent.hasPrefix("{\"\(JSONText.escapedKey)\":"), sourceLocation: sourceLocation)
            #expect(!sent.contains("\\u0000"), sourceLocation: sourceLocation)
        } else {
            #expect(try JSONText.encode(value) == expected, sourceLocation: sourceLocation)
        }
    }

    @Test("every ASCII character, and text beyond ASCII, in a string")
    func strings() throws {
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) {
            try check("a\(Character(scalar))b")
        }
        for text in [
            "", "café", "e\u{301}", "\u{1F1EB}\u{1F1F7}", "\u{2028}\u{2029}", "a/b\\c\"d", "\u{7F}\u{80}\u{FFFF}",
        ] {
            try check(text)
            try check(Optional(text))
        }
    }

    @Test("integers, booleans, identifiers and nil")
    func scalars() throws {
        for number in [0, 1, -1, Int.max, Int.min, 42] {
            try check(number)
            try check(Int64(number))
            try check(Optional(number))
        }
        try check(Int32.min)
        try check(true)
        try check(false)
        try check(UUID())
        try check(Int?.none)
        try check(String?.none)
        #expect(JSONText.plainText(3.5) == nil, "a Double goes through the encoder")
    }
}

/// Values read without a decoder are those `JSONDecoder` reads from the same text.
@Suite("JSON text read back")
struct JSONTextDecodingTests {
    private func check<Value: Decodable & Equatable>(
        _ type: Value.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let decoded = try JSONDecoder().decode([Value].self, from: Data("[\(text)]".utf8))[0]
        let plain = try #require(
            JSONText.plainValue(Value.self, from: text), "read directly: \(text)", sourceLocation: sourceLocation)
        #expect(plain == decoded, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("strings, integers, booleans, doubles, dates, identifiers and null")
    func plainValues() throws {
        for text in [#""""#, #""café""#, #""e\#u{301}""#, #""\#u{1F1EB}\#u{1F1F7}""#, #""a/b""#] {
            try check(String.self, text)
            try check(String?.self, text)
        }
        try check(String?.self, "null")
        try check(Int?.self, "null")
        for number in ["0", "-1", "9223372036854775807", "-9223372036854775808", "42"] {
            try check(Int.self, number)
            try check(Int64?.self, number)
        }
        try check(Bool.self, "true")
        try check(Bool?.self, "false")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
            let text = try JSONText.encode(value)
            try check(Double.self, text)
            try check(Date.self, text)
        }
        for text in ["1", "0.1", "1e300", "-2.5e-300", "725846400.123"] { try check(Double.self, text) }
        let identifier = UUID()
        try check(UUID.self, "\"\(identifier.uuidString)\"")
    }

    @Test("text holding U+0000 and non-finite numbers come back as they were, as the server prints them too")
    func unusualValues() throws {
        for text in ["\u{0}", "a\u{0}b", "\u{0}\u{0}é\u{0}"] {
            let sent = try JSONText.encode(text)
            #expect(try JSONText.decode(String.self, from: sent) == text)
            // jsonb prints an object with a space after each colon.
            let printed = sent.replacingOccurrences(of: "\":\"", with: "\": \"")
            #expect(printed != sent)
            #expect(try JSONText.decode(String?.self, from: printed) == text)
            #expect(try JSONText.decode([String].self, from: try JSONText.encode([text, "b"])) == [text, "b"])
        }
        for value in [Double.infinity, -.infinity] {
            #expect(try JSONText.decode(Double.self, from: try JSONText.encode(value)) == value)
            #expect(try JSONText.decode(Double?.self, from: try JSONText.encode(Optional(value))) == value)
        }
        #expect(try JSONText.encode(Double.infinity) == "\"Infinity\"")
        #expect(try JSONText.decode(Double.self, from: try JSONText.encode(Double.nan)).isNaN)
        // A string that only looks like the escape's object is a string.
        let lookalike = "{\"\(JSONText.escapedKey)\":\"YQ==\"}"
        #expect(try JSONText.decode(String.self, from: try JSONText.encode(lookalike)) == lookalike)
    }

    @Test("escaped strings and other types are left to the decoder")
    func leftToTheDecoder() {
        #expect(JSONText.plainValue(String.self, from: #""a\"b""#) == nil)
        #expect(JSONText.plainValue(String.self, from: #""a\nb""#) == nil)
        #expect(JSONText.plainValue([Int].self, from: "[1,2]") == nil)
        #expect(JSONText.plainValue(Int.self, from: "1.5") == nil)
    }
}
