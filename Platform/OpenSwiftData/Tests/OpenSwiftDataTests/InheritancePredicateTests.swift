import Foundation
import Testing

@testable import OpenSwiftData

/// Predicates over a hierarchy of `@Model` classes are answered by SQL, not by reading
/// every row: checked on the translation itself, since the in-memory fallback would give
/// the same models.
@Suite("Predicates over model inheritance, in SQL")
struct InheritancePredicateTests {
    private func condition<T: PersistentModel>(_ predicate: Predicate<T>) throws -> SQLCondition {
        _ = try makeInMemoryContainer(shipmentSchemaTypes)
        return try #require(PredicateTranslator.condition(for: predicate, entity: try EntityDescriptor.of(T.self)))
    }

    @Test("a subclass's own and inherited properties")
    func ownAndInherited() throws {
        let condition = try condition(#Predicate<ExpressShipment> { $0.deadline < 3 && $0.weight > 10 })
        #expect(condition.isExact)
    }

    @Test("`is` and `as?` on the root class")
    func typeTests() throws {
        #expect(try condition(#Predicate<Shipment> { $0 is ExpressShipment }).isExact)
        let cast = #Predicate<Shipment> { shipment in
            if let express = shipment as? ExpressShipment { express.deadline < 3 } else { false }
        }
        #expect(try condition(cast).isExact)
    }

    @Test("the SQL answers as the predicate does in memory")
    func sameAnswer() throws {
        let container = try makeInMemoryContainer(shipmentSchemaTypes)
        let context = ModelContext(container)
        context.insert(Shipment(reference: "plain", weight: 20))
        context.insert(ExpressShipment(reference: "fast", weight: 12, deadline: 1))
        context.insert(ExpressShipment(reference: "light", weight: 2, deadline: 1))
        context.insert(FreightShipment(reference: "heavy", weight: 900, containerCount: 2))
        try context.save()
        let predicate = #Predicate<Shipment> { shipment in
            if let express = shipment as? ExpressShipment {
                express.deadline < 3 && express.weight > 10
            } else {
                shipment.weight > 100
            }
        }
        #expect(try condition(predicate).isExact)
        let reader = ModelContext(container)
        let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.reference)])
        let fetched = try reader.fetch(descriptor).map(\.reference)
        #expect(fetched == ["fast", "heavy"])
        let all = try reader.fetch(FetchDescriptor<Shipment>(sortBy: [SortDescriptor(\.reference)]))
        #expect(try all.filter { try predicate.evaluate($0) }.map(\.reference) == fetched)
    }
}
