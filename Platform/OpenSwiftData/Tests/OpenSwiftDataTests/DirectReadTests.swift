import Foundation
import Testing

@testable import OpenSwiftData

@Suite("Property reads without the codec")
struct DirectReadTests {
    /// Stored values of every storage class, edge cases included, and a value not read
    /// yet, which a direct read never answers (the codec's path reads it first).
    static let storedValues: [StoredValue] = [
        .null, .integer(0), .integer(1), .integer(-7), .integer(.max), .integer(.min), .real(2.5), .real(-0.0),
        .text(""), .text("é t"), .blob(Data([1, 2])), .notRead,
    ]

    /// What the property's codec decodes, or nil when it cannot.
    static func decoded<Value>(_ stored: StoredValue, as type: Value.Type) -> Value? {
        let codec = AttributeCodec.make(for: type) as? TypedAttributeCodec<Value>
        return try? #require(codec).decode(stored)
    }

    static func check<Value: Equatable>(_ type: Value.Type) -> Int {
        var answered = 0
        for stored in storedValues {
            guard let direct = DirectRead.value(stored, as: type) else { continue }
            answered += 1
            #expect(direct == decoded(stored, as: type), "\(Value.self) from \(stored)")
        }
        return answered
    }

    @Test("a direct read gives what the codec decodes, and answers for its own storage class only")
    func agreesWithCodec() {
        // Integers: five stored integers; optionals also NULL.
        #expect(Self.check(Int.self) == 5)
        #expect(Self.check(Int?.self) == 6)
        #expect(Self.check(Int64.self) == 5)
        #expect(Self.check(Int64?.self) == 6)
        #expect(Self.check(Bool.self) == 5)
        #expect(Self.check(Bool?.self) == 6)
        // Reals: two stored reals (a stored integer is left to the codec).
        #expect(Self.check(Double.self) == 2)
        #expect(Self.check(Double?.self) == 3)
        #expect(Self.check(String.self) == 2)
        #expect(Self.check(String?.self) == 3)
        // Types read through their codec only.
        #expect(Self.check(Int32.self) == 0)
        #expect(Self.check(Float.self) == 0)
        #expect(Self.check(Date.self) == 0)
        #expect(Self.check(Data?.self) == 0)
    }
}
