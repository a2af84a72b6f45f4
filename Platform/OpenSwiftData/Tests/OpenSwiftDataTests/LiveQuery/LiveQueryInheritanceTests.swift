import Foundation
import Testing

@testable import OpenSwiftData

/// Saves trucks from an actor of its own.
@ModelActor
actor TruckYard {
    func add(plate: String, fleetNumber: Int) throws {
        modelContext.insert(Truck(plate: plate, fleetNumber: fleetNumber, payload: 12))
        try modelContext.save()
    }
}

@Suite("A live query of a class follows the saves of its subclasses")
@MainActor
struct LiveQueryInheritanceTests {
    @Test("a subclass model saved by another actor joins a query of its superclass")
    func subclassInsert() async throws {
        let container = try makeInMemoryContainer([Vehicle.self, Truck.self])
        let query = LiveQuery(FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.plate)]), in: container.mainContext)
        #expect(query.models.isEmpty)
        let changes = track { _ = query.models }
        try await TruckYard(modelContainer: container).add(plate: "TR-1", fleetNumber: 1)
        #expect(await eventually { changes.value == 1 })
        #expect(query.models.map(\.plate) == ["TR-1"])
        #expect(query.models.first is Truck)
    }
}
