import SwiftData
import Testing

@Model
final class Pantry {
    var name: String
    @Relationship(inverse: \Provision.pantry) var provisions: [Provision] = []

    init(name: String) { self.name = name }
}

@Model
final class Provision {
    var name: String
    var price: Double
    var weight: Double
    var stock: Int
    var note: String?
    var pantry: Pantry?

    init(name: String, price: Double, weight: Double, stock: Int, note: String? = nil) {
        self.name = name
        self.price = price
        self.weight = weight
        self.stock = stock
        self.note = note
    }
}

/// `evaluate(_:)` of a stored `Predicate` or `Expression` inside `#Predicate` and
/// `#Expression`, written as a SwiftData app writes it, with `import SwiftData` alone. Each
/// fetch gives the models Swift's own evaluation of the predicate selects.
@Suite("evaluate(_:) of stored predicates and expressions")
struct EvaluateInPredicateTests {
    private func pantries() throws -> ModelContext {
        let container = try ModelContainer(
            for: Pantry.self, Provision.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let cellar = Pantry(name: "cellar")
        let attic = Pantry(name: "attic")
        let rows: [(String, Double, Double, Int, String?, Pantry?)] = [
            ("tea", 4, 0.25, 3, "green", cellar),
            ("kettle", 30, 1.5, 0, nil, cellar),
            ("cups", 12, 2, 6, "", attic),
            ("rice", 3, 1, 10, "basmati", attic),
            ("saffron", 9, 0.01, 1, nil, nil),
        ]
        for (name, price, weight, stock, note, pantry) in rows {
            let provision = Provision(name: name, price: price, weight: weight, stock: stock, note: note)
            context.insert(provision)
            provision.pantry = pantry
        }
        context.insert(Pantry(name: "shed"))
        try context.save()
        return context
    }

    /// The fetch's results, sorted by name, after checking that they are the models
    /// Swift's evaluation of the predicate selects among all of them, and that the fetch
    /// is answered by SQL.
    private func fetchedNames<T: PersistentModel>(
        _ predicate: Predicate<T>, in context: ModelContext, name: KeyPath<T, String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        #expect(try isAnsweredBySQL(predicate, in: context), sourceLocation: sourceLocation)
        let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map { $0[keyPath: name] }.sorted()
        let evaluated = try context.fetch(FetchDescriptor<T>()).filter { try predicate.evaluate($0) }
            .map { $0[keyPath: name] }.sorted()
        #expect(fetched == evaluated, sourceLocation: sourceLocation)
        return fetched
    }

    @Test("a stored predicate composed with another condition")
    func composedPredicate() throws {
        let context = try pantries()
        let inStock = #Predicate<Provision> { $0.stock > 0 }
        let name = "tea"
        let composed = #Predicate<Provision> { inStock.evaluate($0) && $0.name != name }
        #expect(try fetchedNames(composed, in: context, name: \.name) == ["cups", "rice", "saffron"])
        let either = #Predicate<Provision> { !inStock.evaluate($0) || $0.price < 5 }
        #expect(try fetchedNames(either, in: context, name: \.name) == ["kettle", "rice", "tea"])
    }

    @Test("a stored predicate that composes another one")
    func predicateOfPredicates() throws {
        let context = try pantries()
        let inStock = #Predicate<Provision> { $0.stock > 0 }
        let cheap = #Predicate<Provision> { inStock.evaluate($0) && $0.price < 10 }
        let noted = #Predicate<Provision> { cheap.evaluate($0) && ($0.note?.isEmpty == false) }
        #expect(try fetchedNames(noted, in: context, name: \.name) == ["rice", "tea"])
    }

    @Test("an #Expression evaluated inside #Predicate")
    func expressionInPredicate() throws {
        let context = try pantries()
        let pricePerKilo = #Expression<Provision, Double> { $0.price / $0.weight }
        let dear = #Predicate<Provision> { pricePerKilo.evaluate($0) > 10 }
        #expect(try fetchedNames(dear, in: context, name: \.name) == ["kettle", "saffron", "tea"])
        let limit = 20.0
        let dearInStock = #Predicate<Provision> { $0.stock > 0 && pricePerKilo.evaluate($0) >= limit }
        #expect(try fetchedNames(dearInStock, in: context, name: \.name) == ["saffron"])
    }

    @Test("an #Expression evaluated inside #Expression")
    func expressionInExpression() throws {
        let context = try pantries()
        let pricePerKilo = #Expression<Provision, Double> { $0.price / $0.weight }
        let doubled = #Expression<Provision, Double> { pricePerKilo.evaluate($0) * 2 }
        let isCheap = #Predicate<Provision> { $0.price < 10 }
        let cheapFlag = #Expression<Provision, Bool> { isCheap.evaluate($0) }
        let all = try context.fetch(FetchDescriptor<Provision>(sortBy: [SortDescriptor(\.name)]))
        #expect(try all.map { try doubled.evaluate($0) } == all.map { $0.price / $0.weight * 2 })
        #expect(try all.map { try cheapFlag.evaluate($0) } == [false, false, true, true, true])
        let dear = #Predicate<Provision> { doubled.evaluate($0) > 20 }
        #expect(try fetchedNames(dear, in: context, name: \.name) == ["kettle", "saffron", "tea"])
    }

    @Test("a stored predicate over a related model, through a to-one and a to-many relationship")
    func relatedModels() throws {
        let context = try pantries()
        let cellar = #Predicate<Pantry> { $0.name == "cellar" }
        let inCellar = #Predicate<Provision> { provision in
            provision.pantry.flatMap { cellar.evaluate($0) } ?? false
        }
        #expect(try fetchedNames(inCellar, in: context, name: \.name) == ["kettle", "tea"])
        let outOfStock = #Predicate<Provision> { $0.stock == 0 }
        let missingSomething = #Predicate<Pantry> { $0.provisions.contains { outOfStock.evaluate($0) } }
        #expect(try fetchedNames(missingSomething, in: context, name: \.name) == ["cellar"])
    }

    @Test("a stored predicate held by a value the predicate captures")
    func predicateMember() throws {
        let context = try pantries()
        struct Filter {
            var condition: Predicate<Provision>
        }
        let filter = Filter(condition: #Predicate { $0.weight >= 1 })
        let heavyAndNoted = #Predicate<Provision> { filter.condition.evaluate($0) && $0.note != nil }
        #expect(try fetchedNames(heavyAndNoted, in: context, name: \.name) == ["cups", "rice"])
    }

    @Test("predicates of several inputs, and over other types than models, keep Foundation's #Predicate")
    func severalInputs() throws {
        let context = try pantries()
        let cheaperThan = #Predicate<Provision, Double> { $0.price < $1 }
        let names = try context.fetch(FetchDescriptor<Provision>(sortBy: [SortDescriptor(\.name)]))
            .filter { try cheaperThan.evaluate($0, 10) }.map(\.name)
        #expect(names == ["rice", "saffron", "tea"])
        let positive = #Predicate<Int> { $0 > 0 }
        #expect(try [-1, 0, 2].filter { try positive.evaluate($0) } == [2])
    }

    @Test("a predicate that evaluates a stored one cannot be archived")
    func archiving() throws {
        let inStock = #Predicate<Provision> { $0.stock > 0 }
        let composed = #Predicate<Provision> { inStock.evaluate($0) && $0.price < 10 }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(composed.expression) }
    }
}
