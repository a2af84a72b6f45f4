import Foundation
import Testing

@testable import OpenSwiftData

/// `<`, `<=`, `>`, `>=`, `==` and `!=` answered in SQL as Swift answers them where SQLite's
/// own comparison differs: strings stored in another canonical form than the constant's,
/// and NaN, which SQLite binds as NULL.
@Suite("Comparisons in SQL are Swift's")
struct SwiftOrderInSQLTests {
    @Test("strings order by their canonical form (NFC), whichever form is stored or asked for")
    func stringOrder() throws {
        let fixture = try SearchFixture()
        let release = SearchRelease(year: 2000, country: "FR", isRestored: false, rating: nil)
        // "é" decomposed: its bytes start with "e", below "f"; its canonical form is above.
        fixture.context.insert(SearchFilm(title: "e\u{301}clair", year: 2000, release: release))
        fixture.context.insert(SearchFilm(title: "\u{E9}quipe", year: 2001, release: release))
        fixture.context.insert(SearchFilm(title: "fable", year: 2002, release: release))
        try fixture.context.save()
        #expect(try fixture.check(#Predicate { $0.title < "f" }).contains("e\u{301}clair") == false)
        #expect(try fixture.check(#Predicate { $0.title > "f" }).contains("\u{E9}clair"))
        let decomposed = "e\u{301}quipe"
        #expect(try fixture.check(#Predicate { $0.title <= decomposed }).contains("\u{E9}quipe"))
        try fixture.check(#Predicate { $0.title >= decomposed })
        try fixture.check(#Predicate { "\u{E9}" < $0.title })
    }

    @Test("NaN equals nothing and orders with nothing: != is true for every model, the others for none")
    func notANumber() throws {
        let container = try makeInMemoryContainer([Shipment.self, ExpressShipment.self, FreightShipment.self])
        let context = ModelContext(container)
        context.insert(Shipment(reference: "light", weight: 1))
        context.insert(Shipment(reference: "heavy", weight: 200))
        try context.save()
        // Not `.nan`, which the compiler flags in a comparison.
        let notANumber = Double("nan") ?? 0
        let predicates: [(Predicate<Shipment>, Int)] = [
            (#Predicate { $0.weight != notANumber }, 2),
            (#Predicate { $0.weight == notANumber }, 0),
            (#Predicate { $0.weight < notANumber }, 0),
            (#Predicate { notANumber <= $0.weight }, 0),
        ]
        for (predicate, count) in predicates {
            let descriptor = FetchDescriptor(predicate: predicate)
            let plan = try context.core.fetchPlan(for: descriptor, includingPending: false)
            #expect(plan.isAnsweredBySQL)
            let all = try context.fetch(FetchDescriptor<Shipment>())
            #expect(try all.filter { try predicate.evaluate($0) }.count == count)
            #expect(try context.fetch(descriptor).count == count)
            #expect(try context.fetchCount(descriptor) == count)
        }
    }
}
