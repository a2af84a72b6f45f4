import Foundation
import Observation
import Testing

@testable import OpenSwiftData

/// The invariants that the storage's few unchecked spots rely on, each named where it is
/// relied on.
@Suite("Storage invariants")
struct SoundnessTests {
    @Test("an entity's descriptor is built once and stays for the process, whatever containers come and go")
    func entityDescriptorsLiveForTheProcess() throws {
        let first = try EntityDescriptor.of(Trip.self)
        var trip: Trip?
        do {
            let container = try makeInMemoryContainer([
                Trip.self, Stop.self, Guide.self, Booking.self, Note.self, Tag.self,
            ])
            let context = ModelContext(container)
            context.insert(Trip(name: "Kyoto"))
            try context.save()
            trip = try context.fetch(FetchDescriptor<Trip>()).first
        }
        // The container and the context the descriptor was used with are gone.
        #expect(try EntityDescriptor.of(Trip.self) === first)
        #expect(trip?.persistentBackingData.entity === first)
        #expect(trip?.name == "Kyoto")
    }

    @Test("fetched models outlive the code's hold on their container and context: values and relationships still read")
    func modelsOutliveTheirContext() throws {
        let folder = TemporaryFolder()
        var trips: [Trip] = []
        do {
            let container = try makeContainer(
                [Trip.self, Stop.self, Guide.self, Booking.self, Note.self, Tag.self], folder: folder)
            let context = ModelContext(container)
            for index in 0..<50 {
                let trip = Trip(name: "trip \(index)")
                trip.stops = [Stop(title: "a \(index)"), Stop(title: "b \(index)")]
                context.insert(trip)
            }
            try context.save()
            trips = try ModelContext(container).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        }
        // Only the models are held now; their backing data holds their context.
        #expect(trips.count == 50)
        let stopTitles = trips.flatMap { $0.stops.map(\.title) }
        #expect(stopTitles.count == 100)
        #expect(Set(stopTitles).contains("a 7"))
        // Half the models end; the others, and their identity-map entries, stay right.
        let context = try #require(trips.first?.modelContext)
        trips.removeLast(25)
        let again = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(again.count == 50)
        for trip in trips {
            #expect(again.contains { $0 === trip })
        }
    }

    @Test("reads of fetched models are recorded for observation after the code let go of their container and context")
    func observedReadsOutliveTheContext() throws {
        var trips: [Trip] = []
        do {
            let container = try makeInMemoryContainer([
                Trip.self, Stop.self, Guide.self, Booking.self, Note.self, Tag.self,
            ])
            let context = ModelContext(container)
            for index in 0..<20 { context.insert(Trip(name: "trip \(index)")) }
            try context.save()
            trips = try ModelContext(container).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        }
        // Read through the registrar the context's identity-map table keeps (no model has
        // one of its own yet), then through a model's own, made by its first change: each
        // is used where it is stored, not retained, which the address sanitizer checks.
        let changes = Locked(0)
        withObservationTracking {
            _ = trips.map(\.name)
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        trips[3].name = "renamed"
        #expect(changes.withLock { $0 } == 1)
        withObservationTracking {
            _ = trips[3].name
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        trips[3].name = "renamed again"
        #expect(changes.withLock { $0 } == 2)
        #expect(trips[3].name == "renamed again")
    }

    @Test("a model's entry leaves the identity map when the model ends, even while its backing data is held")
    func entryGoesWithTheModel() throws {
        let container = try makeInMemoryContainer([Trip.self, Stop.self, Guide.self, Booking.self, Note.self, Tag.self])
        let context = ModelContext(container)
        context.insert(Trip(name: "Lisbon"))
        try context.save()
        var heldBacking: ModelBackingData?
        var firstIdentifier: ObjectIdentifier?
        do {
            let trip = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
            heldBacking = trip.persistentBackingData
            firstIdentifier = ObjectIdentifier(trip)
            #expect(context.core.identityMap.count == 1)
        }
        #expect(context.core.identityMap.count == 0)
        #expect(heldBacking?.identityTable == nil)
        let trip = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        #expect(trip.name == "Lisbon")
        #expect(trip.persistentBackingData !== heldBacking)
        _ = firstIdentifier
    }

    @Test("the direct codec paths give back what they stored, for each direct type and its optional")
    func directCodecsRoundTrip() throws {
        func roundTrip<Value: Equatable>(_ values: [Value]) throws {
            let codec = try #require(AttributeCodec.make(for: Value.self) as? TypedAttributeCodec<Value>)
            for value in values {
                #expect(try codec.decode(codec.encode(value)) == value, "\(Value.self) \(value)")
            }
        }
        let date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        try roundTrip([0, 1, -1, Int.max, Int.min])
        try roundTrip([Int?.none, 7])
        try roundTrip([Int64.max, Int64.min, 0])
        try roundTrip([Int64?.none, 9])
        try roundTrip([0.0, -2.5, .infinity, 1e300])
        try roundTrip([Double?.none, 3.25])
        try roundTrip([true, false])
        try roundTrip([Bool?.none, true, false])
        try roundTrip(["", "é t", String(repeating: "x", count: 100)])
        try roundTrip([String?.none, "y"])
        try roundTrip([date, .distantPast])
        try roundTrip([Date?.none, date])
    }
}
