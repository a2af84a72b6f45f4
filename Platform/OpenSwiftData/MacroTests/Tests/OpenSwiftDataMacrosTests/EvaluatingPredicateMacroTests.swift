import OpenSwiftDataMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// SwiftData's `#Predicate` and `#Expression`: `evaluate(_:)` calls rewritten for
/// Foundation's macros, everything else passed to them as written.
@Suite("#Predicate and #Expression with evaluate(_:)")
struct EvaluatingPredicateMacroTests {
    private let specs: [String: MacroSpec] = [
        "Predicate": MacroSpec(type: EvaluatingPredicateMacro.self),
        "Expression": MacroSpec(type: EvaluatingExpressionMacro.self),
    ]

    @Test("evaluate(_:) of a stored predicate becomes a subscript for Foundation's #Predicate")
    func storedPredicate() {
        assertExpansion(
            """
            let named = #Predicate<Item> { base.evaluate($0) && $0.name == name }
            """,
            expandedSource: """
                let named = #_FoundationPredicate<Item> { base[$0] && $0.name == name }
                """,
            macroSpecs: specs
        )
    }

    @Test("evaluate(_:) in nested closures, on members and on optional values")
    func nestedCalls() {
        assertExpansion(
            """
            #Predicate<Pantry> { pantry in
                pantry.items.contains { filter.condition.evaluate($0) }
                    || (pantry.owner.flatMap { !owners.evaluate($0) } ?? false)
            }
            """,
            expandedSource: """
                #_FoundationPredicate<Pantry> { pantry in
                    pantry.items.contains { filter.condition[$0] }
                        || (pantry.owner.flatMap { !owners[$0] } ?? false)
                }
                """,
            macroSpecs: specs
        )
    }

    @Test("#Expression rewrites evaluate(_:) the same way")
    func expression() {
        assertExpansion(
            """
            #Expression<Item, Double> { total.evaluate($0) * 2 }
            """,
            expandedSource: """
                #_FoundationExpression<Item, Double> { total[$0] * 2 }
                """,
            macroSpecs: specs
        )
    }

    @Test("a closure without evaluate(_:) reaches Foundation's macro unchanged")
    func unchanged() {
        assertExpansion(
            """
            #Predicate<Trip> { trip in
                trip.name.localizedStandardContains(query) && trip.stops.count > 2
            }
            """,
            expandedSource: """
                #_FoundationPredicate<Trip> { trip in
                    trip.name.localizedStandardContains(query) && trip.stops.count > 2
                }
                """,
            macroSpecs: specs
        )
    }

    @Test("evaluate with several inputs or labels is left for Foundation's macro to diagnose")
    func otherForms() {
        assertExpansion(
            """
            #Predicate<Item> { pair.evaluate($0, $0) || other.evaluate(item: $0) || evaluate($0) }
            """,
            expandedSource: """
                #_FoundationPredicate<Item> { pair.evaluate($0, $0) || other.evaluate(item: $0) || evaluate($0) }
                """,
            macroSpecs: specs
        )
    }

    @Test("without generic arguments and without a trailing closure, the macro is passed on as written")
    func otherShapes() {
        assertExpansion(
            """
            let inferred: Predicate<Item> = #Predicate { base.evaluate($0) }
            let parenthesized = #Predicate<Item>({ $0.isDone })
            """,
            expandedSource: """
                let inferred: Predicate<Item> = #_FoundationPredicate { base[$0] }
                let parenthesized = #_FoundationPredicate<Item>({ $0.isDone })
                """,
            macroSpecs: specs
        )
    }
}
