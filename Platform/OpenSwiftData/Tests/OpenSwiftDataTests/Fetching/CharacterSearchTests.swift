import Foundation
import Testing

@testable import OpenSwiftData

@Model
final class Caption {
    var text: String

    init(text: String) { self.text = text }
}

/// `contains` and `starts(with:)` on strings in SQL answer what Swift answers: over
/// characters, so that canonically equivalent forms match and part of a character does
/// not.
@Suite("String contains and starts(with:) in SQL are Swift's")
struct CharacterSearchTests {
    static let texts = ["caf\u{E9}", "cafe\u{301}", "e\u{301}", "a\r\nb", "abc", "", "\u{1F1EB}\u{1F1F7} flag"]
    static let queries = ["e", "\u{E9}", "e\u{301}", "\u{301}", "\r", "\n", "\r\n", "", "ab", "caf", "\u{1F1EB}"]

    private func check(_ predicate: Predicate<Caption>, in context: ModelContext) throws -> [String] {
        let descriptor = FetchDescriptor<Caption>(predicate: predicate)
        let plan = try context.core.fetchPlan(for: descriptor, includingPending: false)
        #expect(plan.isAnsweredBySQL && plan.condition?.isExact == true, "translated to SQL in full")
        let fetched = try context.fetch(descriptor).map(\.text).sorted()
        let expected = try context.fetch(FetchDescriptor<Caption>()).filter { try predicate.evaluate($0) }.map(\.text)
            .sorted()
        #expect(fetched == expected, "\(fetched.map(\.debugDescription)) ≠ \(expected.map(\.debugDescription))")
        return fetched
    }

    @Test("every text and query, negated or not")
    func sameAsSwift() throws {
        let context = ModelContext(try makeInMemoryContainer([Caption.self]))
        for text in Self.texts { context.insert(Caption(text: text)) }
        try context.save()
        for query in Self.queries {
            _ = try check(#Predicate { $0.text.contains(query) }, in: context)
            _ = try check(#Predicate { !$0.text.contains(query) }, in: context)
            _ = try check(#Predicate { $0.text.starts(with: query) }, in: context)
            _ = try check(#Predicate { !$0.text.starts(with: query) }, in: context)
        }
    }

    @Test("a decomposed accent matches the composed one, and a letter does not match part of a character")
    func examples() throws {
        let context = ModelContext(try makeInMemoryContainer([Caption.self]))
        for text in Self.texts { context.insert(Caption(text: text)) }
        try context.save()
        let decomposed = "e\u{301}"
        #expect(try check(#Predicate { $0.text.contains(decomposed) }, in: context).count == 3)
        let letter = "e"
        #expect(try check(#Predicate { $0.text.contains(letter) }, in: context).isEmpty)
        let carriageReturn = "\r"
        #expect(try check(#Predicate { $0.text.contains(carriageReturn) }, in: context).isEmpty)
        let start = "caf\u{E9}"
        #expect(try check(#Predicate { $0.text.starts(with: start) }, in: context).count == 2)
    }
}
