import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// `#Index` and `#Unique` in a `@Model` subclass act on the subclass's own properties, as
/// in a root class: the store has the index, and a second model with the same unique
/// value updates the first, as SwiftData's upsert does.
@Suite("#Index and #Unique in a @Model subclass")
struct SubclassConstraintTests {
    let folder = TemporaryFolder()

    @Test("the subclass's index is in the store, on its column")
    func indexIsStored() throws {
        let container = try makeContainer([Vehicle.self, Truck.self], folder: folder)
        let indexedColumns = try readSQL(container) { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT info.name FROM sqlite_master AS idx, pragma_index_info(idx.name) AS info
                    WHERE idx.type = 'index' AND idx.sql IS NOT NULL
                    """)
        }
        #expect(indexedColumns.contains("payload"))
        #expect(indexedColumns.contains("fleetNumber"))
    }

    @Test("a second truck with the same fleet number updates the first, and a vehicle is not constrained")
    func uniqueValueUpserts() throws {
        let container = try makeContainer([Vehicle.self, Truck.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Truck(plate: "AB-1", fleetNumber: 7, payload: 10))
        context.insert(Vehicle(plate: "CD-2"))
        try context.save()
        context.insert(Truck(plate: "EF-3", fleetNumber: 7, payload: 20))
        context.insert(Vehicle(plate: "GH-4"))
        try context.save()

        let trucks = try ModelContext(container).fetch(FetchDescriptor<Truck>())
        #expect(trucks.count == 1)
        #expect(trucks.first?.payload == 20)
        #expect(trucks.first?.plate == "EF-3")
        let vehicles = try ModelContext(container).fetch(FetchDescriptor<Vehicle>())
        #expect(vehicles.count == 3)
    }
}
