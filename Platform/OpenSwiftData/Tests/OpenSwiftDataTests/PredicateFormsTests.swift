import Foundation
import Testing

@testable import OpenSwiftData

/// Predicate forms that SQL answers: to-many counts, emptiness and `contains(where:)`,
/// identifiers, arithmetic, ranges and ternaries. Each is checked to be translated
/// exactly, and to select what the predicate selects in memory.
@Suite("Predicate forms answered in SQL")
struct PredicateFormsTests {
    private static func store() throws -> (ModelContainer, [Trip]) {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let food = Tag(label: "food")
        let art = Tag(label: "art")
        let rows: [(String, Double, [String], [Tag])] = [
            ("Lisbon", 10, ["Belém", "Alfama"], [food, art]),
            ("Porto", 25, ["Ribeira"], [food]),
            ("Faro", 15, [], []),
            ("Gerês", 40, ["Trail", "Lake", "Peak"], [art]),
            ("Évora", 20, [], [food]),
        ]
        var trips: [Trip] = []
        for (name, budget, stops, tags) in rows {
            let trip = Trip(name: name, budget: budget)
            context.insert(trip)
            trip.stops = stops.enumerated().map { Stop(title: $1, order: $0 * 3) }
            trip.tags = tags
            trips.append(trip)
        }
        try context.save()
        return (container, trips)
    }

    private func check(
        _ predicate: Predicate<Trip>, expected: Set<String>, in store: ModelContainer? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let container = try store ?? Self.store().0
        let entity = try EntityDescriptor.of(Trip.self)
        let condition = PredicateTranslator.condition(for: predicate, entity: entity)
        #expect(condition?.isExact == true, "not translated exactly", sourceLocation: sourceLocation)
        let context = ModelContext(container)
        let fetched = try context.fetch(FetchDescriptor<Trip>(predicate: predicate))
        #expect(Set(fetched.map(\.name)) == expected, sourceLocation: sourceLocation)
        #expect(try context.fetchCount(FetchDescriptor<Trip>(predicate: predicate)) == expected.count)
        let inMemory = try ModelContext(container).fetch(FetchDescriptor<Trip>()).filter { try predicate.evaluate($0) }
        #expect(Set(inMemory.map(\.name)) == expected, sourceLocation: sourceLocation)
    }

    @Test("a to-many relationship's count and isEmpty")
    func countAndIsEmpty() throws {
        try check(#Predicate { $0.stops.count >= 2 }, expected: ["Lisbon", "Gerês"])
        try check(#Predicate { $0.stops.isEmpty }, expected: ["Faro", "Évora"])
        try check(#Predicate { !$0.tags.isEmpty && $0.budget > 10 }, expected: ["Porto", "Gerês", "Évora"])
        try check(#Predicate { $0.tags.count == 1 }, expected: ["Porto", "Gerês", "Évora"])
    }

    @Test("contains(where:) and allSatisfy over inverse columns and join tables")
    func containsWhere() throws {
        let title = "Ribeira"
        try check(#Predicate { $0.stops.contains { $0.title == title } }, expected: ["Porto"])
        try check(#Predicate { $0.tags.contains { $0.label.starts(with: "ar") } }, expected: ["Lisbon", "Gerês"])
        try check(#Predicate { $0.stops.allSatisfy { $0.order < 3 } }, expected: ["Porto", "Faro", "Évora"])
        try check(
            #Predicate { trip in trip.tags.contains { tag in tag.trips.contains { $0.budget > 30 } } },
            expected: ["Lisbon", "Gerês"])
    }

    @Test("identifiers, arithmetic, ranges and ternaries")
    func scalars() throws {
        let (container, trips) = try Self.store()
        let ids = [trips[0].persistentModelID, trips[2].persistentModelID]
        try check(#Predicate { ids.contains($0.persistentModelID) }, expected: ["Lisbon", "Faro"], in: container)
        try check(#Predicate { $0.budget * 2 > 45 }, expected: ["Porto", "Gerês"])
        try check(#Predicate { $0.stops.count % 2 == 1 }, expected: ["Porto", "Gerês"])
        let range = 15.0...25.0
        try check(#Predicate { range.contains($0.budget) }, expected: ["Porto", "Faro", "Évora"])
        try check(#Predicate { (10.0..<20.0).contains($0.budget) }, expected: ["Lisbon", "Faro"])
        try check(
            #Predicate { $0.budget > 15 ? $0.name.starts(with: "G") : $0.stops.isEmpty },
            expected: ["Faro", "Gerês"])
    }
}
