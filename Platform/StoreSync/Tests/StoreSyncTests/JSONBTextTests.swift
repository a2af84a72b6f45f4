import Foundation
import Logging
import PostgresNIO
import StoreSyncTesting
import Testing

@testable import StoreSync

/// `JSONBText` against its oracle, a real server: the text PostgreSQL prints for each
/// field value a push sends (`text::jsonb::text`) must be the one computed here, or the
/// digests of equal stores differ.
@Suite("JSON text as jsonb prints it")
struct JSONBTextTests {
    /// A value with what fields carry besides plain scalars: nested objects, arrays,
    /// optionals, numbers of every kind.
    private struct Nested: Codable {
        let name: String
        let scores: [Double]
        let tags: [String: Int]
        let inner: Inner?

        struct Inner: Codable {
            let when: Date
            let flag: Bool
            let id: UUID
            let z: Int64
        }
    }

    /// The server's text of each JSON text, in order.
    private func serverTexts(_ texts: [String]) async throws -> [String] {
        let connection = try await RemoteConnection.open(
            try SyncRemote(url: try await TestPostgres.newDatabase()), logger: Logger(label: "test"))
        var printed: [String] = []
        var start = 0
        while start < texts.count {
            let chunk = Array(texts[start..<min(start + 1_000, texts.count)])
            start += chunk.count
            let rows = try await connection.query(
                "SELECT t::jsonb::text FROM unnest(\(chunk)::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n")
            for row in rows { printed.append(try row.decode(String.self)) }
        }
        await connection.close()
        return printed
    }

    private func expectAsServerPrints(_ texts: [String]) async throws {
        let printed = try await serverTexts(texts)
        #expect(printed.count == texts.count)
        var mismatches = 0
        for (text, server) in zip(texts, printed) where JSONBText.canonical(text) != server {
            mismatches += 1
            if mismatches <= 5 {
                Issue.record(
                    "\(text.debugDescription): server \(server.debugDescription), here \(String(describing: JSONBText.canonical(text)))"
                )
            }
        }
        #expect(mismatches == 0)
    }

    @Test("numbers: doubles of every magnitude, integers, zeros, and number texts of other writers")
    func numbers() async throws {
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = []
        for _ in 0..<3_000 {
            // Any finite double, by its bits: every exponent is met.
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            texts.append(try JSONText.encode(double))
        }
        for double in [
            0.0, -0.0, 1.0, -1.0, 0.1, 1e-5, 1e21, 1e22, 123456789.125, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
            -.leastNormalMagnitude, .pi, 100, 1e16, 1e15 + 0.5,
        ] {
            texts.append(try JSONText.encode(double))
            texts.append(try JSONText.encode(Float(double)))
        }
        for integer in [0, 1, -1, Int.max, Int.min] { texts.append(try JSONText.encode(integer)) }
        texts += ["1.50", "-0", "-0.000", "0e5", "0.0e-2", "1E+2", "1.234e1", "0.5e-1", "123e-1", "12e+0", "-7.0e3"]
        try await expectAsServerPrints(texts)
    }

    @Test("strings: every control character, escapes other writers use, text beyond ASCII")
    func strings() async throws {
        var texts: [String] = []
        for scalar in (0x01..<0x80).compactMap(Unicode.Scalar.init) {
            texts.append(try JSONText.encode("a\(Character(scalar))b"))
        }
        for text in [
            "", "café", "e\u{301}", "\u{1F1EB}\u{1F1F7}", "\u{2028}\u{2029}", "a/b\\c\"d", "\u{7F}\u{80}\u{FFFF}",
        ] {
            texts.append(try JSONText.encode(text))
        }
        texts += [#""\u00e9\u00E9\/\ud83d\ude00""#, #""\u001F\u001f""#, #""tab\there""#]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let scalars = (0..<Int.random(in: 0..<12, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 1..<0x3_0000, using: &generator))
            }
            texts.append(try JSONText.encode(String(String.UnicodeScalarView(scalars))))
        }
        try await expectAsServerPrints(texts)
    }

    @Test("objects and arrays: keys of several lengths, nesting, empties, duplicates, a text with U+0000")
    func structures() async throws {
        var texts: [String] = []
        var generator = SystemRandomNumberGenerator()
        for index in 0..<300 {
            let tags = Dictionary(
                uniqueKeysWithValues: (0..<Int.random(in: 0..<6, using: &generator)).map { key in
                    (String(repeating: "k", count: Int.random(in: 1..<4, using: &generator)) + "\(key)", key)
                })
            let value = Nested(
                name: "n\(index)", scores: (0..<index % 4).map { Double($0) / 3 }, tags: tags,
                inner: index.isMultiple(of: 3)
                    ? nil
                    : Nested.Inner(
                        when: Date(timeIntervalSinceReferenceDate: Double(index) * 1234.5678), flag: index % 2 == 0,
                        id: UUID(), z: Int64(index) * 1_000_000_007))
            texts.append(try JSONText.encode(value))
            texts.append(try JSONText.encode([value]))
        }
        texts += [
            "{}", "[]", "[[], {}]", #"{"b": 1, "a": 2, "aa": 3, "B": 4}"#, #"{"a": 1, "a": 2}"#,
            " [ 1 , true , null ] ",
            try JSONText.encode("nul\u{0}inside"), try JSONText.encode(["a": "\u{0}"]),
        ]
        try await expectAsServerPrints(texts)
    }

    @Test("text that is not JSON has no jsonb text")
    func notJSON() {
        for text in ["", "{", "[1,]", "tru", "\"open", "01x", "1.", "-", "{\"a\" 1}", "\"\\x\"", "1e"] {
            #expect(JSONBText.canonical(text) == nil, "\(text.debugDescription)")
        }
    }
}
