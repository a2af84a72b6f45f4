import Foundation
import Testing

@testable import OpenSwiftData

/// `==` on strings in SQL as in Swift: canonically equivalent strings are equal,
/// whichever form is stored and whichever is asked for.
@Suite("String equality in SQL is Swift's")
struct CanonicalEqualityTests {
    static let composed = "\u{E9}t\u{E9}"
    static let decomposed = "e\u{301}te\u{301}"

    @Test("a stored composed or decomposed string matches either form", arguments: [composed, decomposed])
    func eitherForm(query: String) throws {
        let fixture = try SearchFixture()
        #expect(try fixture.check(#Predicate { $0.note == query }) == ["File2", "film10"])
        #expect(try fixture.check(#Predicate { $0.note != query }).count == 5)
        let queries = [query, "colour"]
        #expect(try fixture.check(#Predicate { queries.contains($0.note ?? "") }) == ["File2", "Le Bonheur", "film10"])
        try fixture.check(#Predicate { film in film.director.flatMap { !queries.contains($0.name) } ?? true })
        // A film without a note is not among the queries, and among a list that holds nil.
        let notes: [String?] = [query, "colour"]
        #expect(try fixture.check(#Predicate { !notes.contains($0.note) }).count == 4)
        let notesOrNil: [String?] = [query, nil]
        #expect(try fixture.check(#Predicate { notesOrNil.contains($0.note) }).count == 4)
        #expect(try fixture.check(#Predicate { !notesOrNil.contains($0.note) }).count == 3)
    }

    @Test("after a plain string of the same shape, whose SQL template uses =, a decomposed one still matches")
    func templateOfPlainStrings() throws {
        let fixture = try SearchFixture()
        let plain = "Tokyo Story"
        #expect(try fixture.check(#Predicate { $0.title == plain }) == ["Tokyo Story"])
        let decomposed = "Cle\u{301}o de 5 a\u{300} 7"
        #expect(try fixture.check(#Predicate { $0.title == decomposed }) == ["Cléo de 5 à 7"])
        #expect(try fixture.check(#Predicate { $0.title != decomposed }).count == 6)
        #expect(try fixture.check(#Predicate { $0.title == plain }) == ["Tokyo Story"])
    }

    @Test("a plain ASCII string keeps the index's =; others are bounded by their ASCII prefix")
    func indexUse() throws {
        let fixture = try SearchFixture()
        let plain = "Tokyo Story"
        let plan = try fixture.context.core.fetchPlan(
            for: FetchDescriptor<SearchFilm>(predicate: #Predicate { $0.title == plain }), includingPending: false)
        #expect(plan.sql.text.contains("\"title\" = ?)"))
        #expect(!plan.sql.text.contains(StoreFunctions.canonicallyEqualName))
        let decomposed = "Cle\u{301}o de 5 a\u{300} 7"
        let other = try fixture.context.core.fetchPlan(
            for: FetchDescriptor<SearchFilm>(predicate: #Predicate { $0.title == decomposed }), includingPending: false)
        #expect(other.sql.text.contains(StoreFunctions.canonicallyEqualName))
        #expect(other.sql.arguments.contains("Cl".databaseValue))
        #expect(other.sql.arguments.contains("Cm".databaseValue))
        #expect(CanonicalEquality.prefixRange(of: decomposed)?.lower == "Cl")
        #expect(CanonicalEquality.prefixRange(of: "\u{E9}t\u{E9}") == nil)
    }

    @Test("the ASCII characters that another code point also spells (the Kelvin sign) are compared as Swift does")
    func singletons() throws {
        let container = try makeInMemoryContainer(searchSchemaTypes)
        let context = ModelContext(container)
        context.insert(SearchDirector(name: "\u{212A}urosawa"))
        context.insert(SearchDirector(name: "Kurosawa"))
        context.insert(SearchDirector(name: "Ozu"))
        try context.save()
        #expect("\u{212A}urosawa" == "Kurosawa")
        for query in ["Kurosawa", "\u{212A}urosawa"] {
            let predicate = #Predicate<SearchDirector> { $0.name == query }
            let fetched = try ModelContext(container).fetch(FetchDescriptor(predicate: predicate))
            #expect(fetched.count == 2)
        }
        #expect(!CanonicalEquality.isCanonicallyUnique("Kurosawa"))
        #expect(CanonicalEquality.isCanonicallyUnique("Ozu"))
    }
}
