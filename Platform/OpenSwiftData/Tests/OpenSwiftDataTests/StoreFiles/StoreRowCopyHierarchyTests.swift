import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A hierarchy with relationships: `Van` is a `Carrier`; a `Depot` holds carriers (the
/// inverse's column `Carrier.depot`) and routes (a join table), and a route lists vans
/// (a join table whose targets are subclass models).
enum RowCopyFleet {
    @Model
    class Carrier {
        var plate: String
        var depot: Depot?
        init(plate: String) { self.plate = plate }
    }

    @Model
    final class Van: Carrier {
        var payload: Double
        var routes: [Route] = []
        init(plate: String, payload: Double) {
            self.payload = payload
            super.init(plate: plate)
        }
    }

    @Model
    final class Depot {
        var name: String
        @Relationship(inverse: \Carrier.depot) var carriers: [Carrier] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Route {
        var name: String
        @Relationship(inverse: \Van.routes) var vans: [Van] = []
        init(name: String) { self.name = name }
    }

    static let models: [any PersistentModel.Type] = [Carrier.self, Van.self, Depot.self, Route.self]
}

@Suite("StoreFile.copyRows: a class hierarchy and its links keep together")
struct StoreRowCopyHierarchyTests {
    @Test("subclass rows copied into a store that has rows of the hierarchy keep their own superclass fields")
    func subclassRowsJoinTheirOwnRootRows() throws {
        let folder = TemporaryFolder()
        do {
            // The source interleaves plain vehicles and trucks: keys 1 (vehicle), 2 (truck),
            // 3 (vehicle), 4 (truck).
            let context = ModelContext(
                try makeContainer([Vehicle.self, Truck.self], folder: folder, name: "legacy.sqlite"))
            context.insert(Vehicle(plate: "S-1"))
            try context.save()
            context.insert(Truck(plate: "S-2", fleetNumber: 2, payload: 2.5))
            try context.save()
            context.insert(Vehicle(plate: "S-3"))
            try context.save()
            context.insert(Truck(plate: "S-4", fleetNumber: 4, payload: 4.5))
            try context.save()
        }
        do {
            let context = ModelContext(
                try makeContainer([Vehicle.self, Truck.self], folder: folder, name: "current.sqlite"))
            context.insert(Truck(plate: "D-1", fleetNumber: 101, payload: 10))
            try context.save()
            context.insert(Vehicle(plate: "D-2"))
            try context.save()
        }
        #expect(try StoreFile(url: folder.file("current.sqlite")).copyRows(from: folder.file("legacy.sqlite")) == 6)
        let container = try makeContainer([Vehicle.self, Truck.self], folder: folder, name: "current.sqlite")
        let context = ModelContext(container)
        let trucks = try context.fetch(FetchDescriptor<Truck>(sortBy: [SortDescriptor(\.fleetNumber)]))
        #expect(trucks.map(\.plate) == ["S-2", "S-4", "D-1"])
        #expect(trucks.map(\.payload) == [2.5, 4.5, 10])
        let vehicles = try context.fetch(FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.plate)]))
        #expect(vehicles.map(\.plate) == ["D-1", "D-2", "S-1", "S-2", "S-3", "S-4"])
        #expect(vehicles.map { $0 is Truck } == [true, false, false, true, false, true])
        // Every subclass row has its superclass row, and no two models share a key.
        let orphans = try readSQL(container) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Truck WHERE _pk NOT IN (SELECT _pk FROM Vehicle)")
        }
        #expect(orphans == 0)
        // A model inserted after the copy gets a key above every copied one.
        let later = Truck(plate: "D-3", fleetNumber: 103, payload: 3)
        context.insert(later)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Vehicle>()).count == 7)
    }

    @Test("links and join tables follow the keys of the hierarchy they point into")
    func linksFollowTheHierarchysKeys() throws {
        let folder = TemporaryFolder()
        do {
            let context = ModelContext(try makeContainer(RowCopyFleet.models, folder: folder, name: "legacy.sqlite"))
            let south = RowCopyFleet.Depot(name: "South")
            let coast = RowCopyFleet.Route(name: "Coast")
            context.insert(south)
            context.insert(coast)
            let bike = RowCopyFleet.Carrier(plate: "S-bike")
            let van = RowCopyFleet.Van(plate: "S-van", payload: 7)
            let other = RowCopyFleet.Van(plate: "S-van2", payload: 8)
            south.carriers = [bike, van, other]
            coast.vans = [other, van]
            try context.save()
        }
        do {
            let context = ModelContext(try makeContainer(RowCopyFleet.models, folder: folder, name: "current.sqlite"))
            let north = RowCopyFleet.Depot(name: "North")
            let hills = RowCopyFleet.Route(name: "Hills")
            context.insert(north)
            context.insert(hills)
            let van = RowCopyFleet.Van(plate: "D-van", payload: 1)
            north.carriers = [RowCopyFleet.Carrier(plate: "D-cart"), van]
            hills.vans = [van]
            try context.save()
        }
        try StoreFile(url: folder.file("current.sqlite")).copyRows(from: folder.file("legacy.sqlite"))
        let context = ModelContext(try makeContainer(RowCopyFleet.models, folder: folder, name: "current.sqlite"))
        let depots = try context.fetch(FetchDescriptor<RowCopyFleet.Depot>(sortBy: [SortDescriptor(\.name)]))
        #expect(depots.map(\.name) == ["North", "South"])
        #expect(depots.map { Set($0.carriers.map(\.plate)) } == [["D-cart", "D-van"], ["S-bike", "S-van", "S-van2"]])
        let vans = try context.fetch(FetchDescriptor<RowCopyFleet.Van>(sortBy: [SortDescriptor(\.plate)]))
        #expect(vans.map(\.plate) == ["D-van", "S-van", "S-van2"])
        #expect(vans.map(\.payload) == [1, 7, 8])
        #expect(vans.map { $0.depot?.name } == ["North", "South", "South"])
        #expect(vans.map { $0.routes.map(\.name) } == [["Hills"], ["Coast"], ["Coast"]])
        let routes = try context.fetch(FetchDescriptor<RowCopyFleet.Route>(sortBy: [SortDescriptor(\.name)]))
        #expect(routes.map { $0.vans.map(\.plate) } == [["S-van2", "S-van"], ["D-van"]])
    }
}
