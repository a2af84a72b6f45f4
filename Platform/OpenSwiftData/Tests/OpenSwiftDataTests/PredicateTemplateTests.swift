import Foundation
import Testing

@testable import OpenSwiftData

/// Predicates of one shape translated once, then bound with each fetch's constants.
@Suite("Predicate templates")
struct PredicateTemplateTests {
    /// Trips with every combination of the attributes the predicates below read.
    static func container() throws -> ModelContainer {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        for index in 0..<40 {
            let trip = Trip(
                name: "trip \(index)",
                startDate: index % 3 == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(index)),
                budget: Double(index % 7), kind: index % 4 == 0 ? nil : (index % 2 == 0 ? .business : .leisure))
            context.insert(trip)
        }
        try context.save()
        return container
    }

    /// The names the fetch returns, and those the predicate selects in memory.
    static func answers(_ predicate: Predicate<Trip>, in container: ModelContainer) throws -> (
        fetched: [String], expected: [String]
    ) {
        let context = ModelContext(container)
        let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.name).sorted()
        let expected = try context.fetch(FetchDescriptor<Trip>()).filter { try predicate.evaluate($0) }.map(\.name)
            .sorted()
        return (fetched, expected)
    }

    static func templates(_ container: ModelContainer) throws -> [PredicateTemplateOutcome] {
        let entity = try #require(container.schema.descriptor(for: Trip.self))
        return entity.predicateTemplates.outcomes
    }

    @Test("a lookup by key: one template, reused for every key, each answer as in memory")
    func lookupByKey() throws {
        let container = try Self.container()
        let entity = try #require(container.schema.descriptor(for: Trip.self))
        var shapes = Set<PredicateShape>()
        for index in [3, 17, 3, 39, 99] {
            let name = "trip \(index)"
            let predicate = #Predicate<Trip> { $0.name == name }
            let (fetched, expected) = try Self.answers(predicate, in: container)
            #expect(fetched == expected)
            #expect(fetched.count == (index < 40 ? 1 : 0))
            let shape = try #require(PredicateTemplates.walk(predicate)?.0)
            shapes.insert(shape)
            let outcome = entity.predicateTemplates.outcome(for: shape)
            guard case .template(let template)? = outcome else {
                Issue.record("no template for the lookup's shape")
                continue
            }
            #expect(template.sql == #"("Trip"."name" = ?)"#)
        }
        #expect(shapes.count == 1)
    }

    @Test("shapes of one expression type that differ by operator each have their own template")
    func shapesOfOneType() throws {
        let container = try Self.container()
        let entity = try #require(container.schema.descriptor(for: Trip.self))
        let limit = 3.0
        // One expression type: the operators tell them apart.
        let byOperator = [
            #Predicate<Trip> { $0.budget < limit }, #Predicate<Trip> { $0.budget > limit },
            #Predicate<Trip> { $0.budget <= limit }, #Predicate<Trip> { $0.budget >= limit },
        ]
        var shapes = Set<PredicateShape>()
        for _ in 0..<3 {
            for predicate in byOperator {
                let (fetched, expected) = try Self.answers(predicate, in: container)
                #expect(fetched == expected)
                #expect(!fetched.isEmpty)
                shapes.insert(try #require(PredicateTemplates.walk(predicate)?.0))
            }
        }
        #expect(Set(shapes.map(\.expressionType)).count == 1)
        #expect(shapes.count == 4)
        let templates = shapes.compactMap { entity.predicateTemplates.outcome(for: $0) }
        #expect(templates.count == 4)
    }

    @Test("one context alternating entities, shapes and paging gets each fetch's own answer")
    func oneContextAlternates() throws {
        let container = try Self.container()
        let context = ModelContext(container)
        for index in 0..<5 { context.insert(Guide(name: "trip \(index * 10)")) }
        try context.save()
        for index in [0, 10, 20, 30, 7] {
            let name = "trip \(index)"
            var trips = FetchDescriptor<Trip>(predicate: #Predicate { $0.name == name })
            var guides = FetchDescriptor<Guide>(predicate: #Predicate { $0.name == name })
            #expect(try context.fetch(trips).map(\.name) == [name])
            #expect(try context.fetch(guides).map(\.name) == (index % 10 == 0 ? [name] : []))
            trips.fetchLimit = 1
            guides.fetchOffset = 1
            #expect(try context.fetch(trips).map(\.name) == [name])
            #expect(try context.fetch(guides).isEmpty, "the one match is skipped")
            let budget = Double(index % 7)
            let cheaper = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.budget < budget }))
            let expected = try context.fetch(FetchDescriptor<Trip>()).filter { $0.budget < budget }
            #expect(cheaper.map(\.name).sorted() == expected.map(\.name).sorted())
        }
    }

    @Test("comparisons, &&, || and !, optionals and nil: the bound template answers as in memory")
    func shapesAndValues() throws {
        let container = try Self.container()
        for (low, high) in [(1.0, 4.0), (0.0, 6.0), (5.0, 5.0), (3.0, 2.0)] {
            let between = try Self.answers(#Predicate { $0.budget >= low && $0.budget < high }, in: container)
            #expect(between.fetched == between.expected)
            let outside = try Self.answers(#Predicate { !($0.budget > low) || $0.budget == high }, in: container)
            #expect(outside.fetched == outside.expected)
        }
        for kind in [Trip.Kind?.none, .business, .leisure] {
            let same = try Self.answers(#Predicate { $0.kind == kind }, in: container)
            #expect(same.fetched == same.expected)
            let other = try Self.answers(#Predicate { $0.kind != kind }, in: container)
            #expect(other.fetched == other.expected)
        }
        for date in [Date?.none, Date(timeIntervalSinceReferenceDate: 10)] {
            let answer = try Self.answers(#Predicate { $0.startDate == date || $0.budget == 2 }, in: container)
            #expect(answer.fetched == answer.expected)
        }
        #expect(try Self.templates(container).contains { if case .template = $0 { true } else { false } })
    }

    @Test("a first predicate whose constants are equal makes no template yet; a later one of the shape does")
    func equalConstantsWait() throws {
        let container = try Self.container()
        let entity = try #require(container.schema.descriptor(for: Trip.self))
        let equal = #Predicate<Trip> { $0.budget > 2.0 && $0.budget < 2.0 }
        let low = 1.0
        let high = 4.0
        let distinctPredicate = #Predicate<Trip> { $0.budget > low && $0.budget < high }
        // Judged by this shape's entry alone: other suites, run at the same time, make
        // templates of their own shapes for the same entity.
        let shape = try #require(PredicateTemplates.walk(distinctPredicate)?.0)
        #expect(PredicateTemplates.walk(equal)?.0 == shape)
        let same = try Self.answers(equal, in: container)
        #expect(same.fetched == same.expected)
        #expect(entity.predicateTemplates.outcome(for: shape) == nil)
        let distinct = try Self.answers(distinctPredicate, in: container)
        #expect(distinct.fetched == distinct.expected)
        let outcome = entity.predicateTemplates.outcome(for: shape)
        #expect(outcome.map { if case .template = $0 { true } else { false } } == true)
        // Bound in the other order of sizes, the template still answers right.
        let reversed = try Self.answers(#Predicate { $0.budget > high && $0.budget < low }, in: container)
        #expect(reversed.fetched == reversed.expected)
    }

    @Test("shapes templates do not serve are translated every time, with the same answers")
    func otherShapes() throws {
        let container = try Self.container()
        let prefix = "trip 1"
        let answer = try Self.answers(#Predicate { $0.name.starts(with: prefix) && $0.budget > 1 }, in: container)
        #expect(answer.fetched == answer.expected)
        #expect(!answer.fetched.isEmpty)
    }
}
