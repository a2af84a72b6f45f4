import Foundation
import SwiftData
import Testing

@Model
final class LineItem {
    var product: String
    var price: Double
    var weight: Double
    var quantity: Int

    init(product: String, price: Double, weight: Double, quantity: Int) {
        self.product = product
        self.price = price
        self.weight = weight
        self.quantity = quantity
    }
}

/// `#Expression`, and stored predicates combined, in a file that imports Foundation and
/// SwiftData both: `#Predicate` and `#Expression` are SwiftData's, and accept `evaluate(_:)`.
@Suite("#Expression, and stored predicates combined")
struct ExpressionTests {
    private func items() throws -> ModelContext {
        let container = try ModelContainer(
            for: LineItem.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(LineItem(product: "tea", price: 4, weight: 0.25, quantity: 3))
        context.insert(LineItem(product: "kettle", price: 30, weight: 1.5, quantity: 1))
        context.insert(LineItem(product: "cups", price: 12, weight: 2, quantity: 6))
        try context.save()
        return context
    }

    @Test("an #Expression evaluates over fetched models")
    func expressionOverModels() throws {
        let context = try items()
        let pricePerKilo = #Expression<LineItem, Double> { $0.price / $0.weight }
        let bulk = #Expression<LineItem, Bool> { $0.quantity > 2 && $0.weight >= 0.25 }
        let fetched = try context.fetch(FetchDescriptor<LineItem>(sortBy: [SortDescriptor(\.product)]))
        #expect(try fetched.map { try pricePerKilo.evaluate($0) } == [6, 20, 16])
        #expect(try fetched.filter { try bulk.evaluate($0) }.map(\.product) == ["cups", "tea"])
    }

    /// A function that makes the whole predicate from its parameters: what an app writes
    /// where it does not compose stored predicates.
    private static func heavy(cheaperThan limit: Double) -> Predicate<LineItem> {
        #Predicate { $0.weight >= 1.5 && $0.price < limit }
    }

    @Test("a predicate made by a function from its parameters")
    func predicateFromParameters() throws {
        let context = try items()
        let fetched = try context.fetch(FetchDescriptor(predicate: Self.heavy(cheaperThan: 20)))
        #expect(fetched.map(\.product) == ["cups"])
    }

    @Test("two stored predicates combined: one in the fetch, the other over its results")
    func combinedPredicates() throws {
        let context = try items()
        let cheap = #Predicate<LineItem> { $0.price < 20 }
        let several = #Predicate<LineItem> { $0.quantity > 2 }
        let fetched = try context.fetch(FetchDescriptor(predicate: cheap, sortBy: [SortDescriptor(\.product)]))
            .filter { try several.evaluate($0) }
        #expect(fetched.map(\.product) == ["cups", "tea"])
    }

    @Test("evaluate(_:) of a stored predicate and of an #Expression, with Foundation imported too")
    func evaluateWithFoundationImported() throws {
        let context = try items()
        let several = #Predicate<LineItem> { $0.quantity > 2 }
        let pricePerKilo = #Expression<LineItem, Double> { $0.price / $0.weight }
        let limit = 10.0
        let composed = #Predicate<LineItem> { several.evaluate($0) && pricePerKilo.evaluate($0) > limit }
        let either = #Predicate<LineItem> { several.evaluate($0) || pricePerKilo.evaluate($0) > limit }
        let all = try context.fetch(FetchDescriptor<LineItem>())
        let fetched = try context.fetch(FetchDescriptor(predicate: composed, sortBy: [SortDescriptor(\.product)]))
        #expect(fetched.map(\.product) == ["tea"])
        #expect(try fetched.map(\.product) == all.filter { try composed.evaluate($0) }.map(\.product).sorted())
        #expect(try isAnsweredBySQL(composed, in: context))
        let fetchedEither = try context.fetch(FetchDescriptor(predicate: either, sortBy: [SortDescriptor(\.product)]))
        #expect(fetchedEither.map(\.product) == ["cups", "kettle", "tea"])
        #expect(try fetchedEither.map(\.product) == all.filter { try either.evaluate($0) }.map(\.product).sorted())
    }
}
