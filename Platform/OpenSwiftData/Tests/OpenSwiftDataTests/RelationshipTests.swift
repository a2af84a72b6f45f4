import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Relationships and delete rules")
struct RelationshipTests {
    @Test("setting one side of an inverse pair updates the other, before and after saving")
    func inverseMaintenance() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let lisbon = Trip(name: "Lisbon")
        let porto = Trip(name: "Porto")
        context.insert(lisbon)
        context.insert(porto)
        let stop = Stop(title: "Belém", trip: lisbon)
        context.insert(stop)
        #expect(lisbon.stops.map(\.title) == ["Belém"])
        stop.trip = porto
        #expect(lisbon.stops.isEmpty)
        #expect(porto.stops.map(\.title) == ["Belém"])
        porto.stops.append(Stop(title: "Ribeira"))
        #expect(porto.stops.last?.trip === porto)
        try context.save()
        let fresh = ModelContext(container)
        let trips = try fresh.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { $0.stops.map(\.title) } == [[], ["Belém", "Ribeira"]])
        #expect(trips[1].stops.first?.trip === trips[1])
    }

    @Test("many-to-many relationships keep both sides, in a join table")
    func manyToMany() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let trip = Trip(name: "Tour")
        context.insert(trip)
        let food = Tag(label: "food")
        let art = Tag(label: "art")
        trip.tags = [food, art]
        #expect(food.trips.first === trip)
        let other = Trip(name: "Other")
        context.insert(other)
        other.tags = [art]
        try context.save()
        let fresh = ModelContext(container)
        let tour = try #require(
            try fresh.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Tour" })).first)
        #expect(Set(tour.tags.map(\.label)) == ["food", "art"])
        let artTag = try #require(
            try fresh.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.label == "art" })).first)
        #expect(Set(artTag.trips.map(\.name)) == ["Tour", "Other"])
        tour.tags.removeFirst()
        try fresh.save()
        let rows = try readSQL(container) { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Tag_trips") }
        #expect(rows == 2)
    }

    @Test("cascade deletes related models, in memory and in the store")
    func cascade() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let trip = Trip(name: "t")
        context.insert(trip)
        trip.stops = [Stop(title: "a"), Stop(title: "b")]
        try context.save()
        let fresh = ModelContext(container)
        let stored = try #require(try fresh.fetch(FetchDescriptor<Trip>()).first)
        fresh.delete(stored)
        #expect(try fresh.fetchCount(FetchDescriptor<Stop>()) == 0)
        try fresh.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test("nullify clears the references to a deleted model")
    func nullify() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let guide = Guide(name: "g")
        context.insert(guide)
        let trip = Trip(name: "t")
        context.insert(trip)
        trip.guide = guide
        try context.save()
        #expect(guide.trips.map(\.name) == ["t"])
        context.delete(trip)
        #expect(guide.trips.isEmpty)
        try context.save()
        let fresh = ModelContext(container)
        #expect(try fresh.fetch(FetchDescriptor<Guide>()).first?.trips.isEmpty == true)
        let keys = try readSQL(container) { db in try Int.fetchAll(db, sql: "SELECT guide FROM Trip") }
        #expect(keys.isEmpty)
    }

    @Test("deny makes the save fail while related models remain, and nothing is written")
    func deny() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let trip = Trip(name: "t")
        context.insert(trip)
        let booking = Booking(reference: "B1")
        trip.bookings = [booking]
        try context.save()
        context.delete(trip)
        expectCause(.deleteDenied(entity: "Trip", relationship: "bookings", count: 1)) {
            try context.save()
        }
        context.delete(booking)
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 0)
    }

    @Test("noAction leaves related models as they are in memory")
    func noAction() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let trip = Trip(name: "t")
        context.insert(trip)
        let note = Note(text: "n")
        trip.notes = [note]
        try context.save()
        context.delete(trip)
        #expect(note.trip === trip)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Note>()).first?.trip == nil)
    }

    @Test("relationships load lazily from the store")
    func lazyLoading() throws {
        let folder = TemporaryFolder()
        do {
            let container = try makeContainer(tripSchemaTypes, folder: folder)
            let context = ModelContext(container)
            let trip = Trip(name: "t")
            context.insert(trip)
            trip.guide = Guide(name: "g")
            trip.stops = (0..<3).map { Stop(title: "s\($0)", order: $0) }
            try context.save()
        }
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let stop = try #require(
            try ModelContext(container).fetch(FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.order)])).last)
        #expect(stop.trip?.guide?.name == "g")
        #expect(stop.trip?.stops.map(\.title) == ["s0", "s1", "s2"])
    }
}
