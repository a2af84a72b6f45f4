import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import OpenSwiftDataPostgres

/// Predicates, sorts, offsets and limits answered by PostgreSQL, against OpenSwiftData's
/// SQLite store as the oracle: each descriptor here is one the store translates to SQL (the
/// test checks that first), and gives the SQLite store's models, in its order.
@Suite("PostgreSQL store: fetches answered in SQL")
struct PostgresPredicateTests {
    /// Two stores holding the same trips: TripData's, and one whose name is canonically
    /// equivalent to another's but made of other scalars (`e` and a combining acute accent).
    private struct Stores {
        let postgres: ModelContext
        let sqlite: ModelContext
        let folder: TemporaryFolder

        init() async throws {
            let url = try #require(URL(string: try await TestPostgres.newDatabase()))
            folder = TemporaryFolder(prefix: "PostgresPredicate")
            let postgresContainer = try ModelContainer(
                for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: url))
            let sqliteContainer = try ModelContainer(
                for: Trip.self, Stop.self, configurations: ModelConfiguration(url: folder.file("trips.sqlite")))
            for container in [postgresContainer, sqliteContainer] {
                let context = ModelContext(container)
                try TripData.insert(into: context)
                context.insert(
                    Trip(
                        code: "NFD", name: "e\u{301}cole trip", start: Date(timeIntervalSince1970: 1_600_000_000),
                        budget: 42, travellers: 3, isBooked: false))
                try context.save()
            }
            postgres = ModelContext(postgresContainer)
            sqlite = ModelContext(sqliteContainer)
        }

        /// The trips' codes each store gives, and its count, identifiers' count aside.
        func expectSameAnswers(
            _ descriptor: FetchDescriptor<Trip>, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let tables = try PostgresTables(schema: Schema([Trip.self, Stop.self]), namespace: "test")
            let layout = try #require(tables.layouts["Trip"])
            #expect(
                throws: Never.self, "the descriptor is answered in SQL", sourceLocation: sourceLocation
            ) { try PostgresFetchQuery(descriptor, layout: layout, tables: tables, storeIdentifier: "test") }
            let expected = try sqlite.fetch(descriptor).map(\.code)
            if let predicate = descriptor.predicate, descriptor.sortBy.isEmpty, descriptor.fetchLimit == nil {
                // The SQLite store answers as Swift evaluates the predicate.
                let evaluated = try sqlite.fetch(FetchDescriptor<Trip>()).filter { try predicate.evaluate($0) }
                #expect(expected == evaluated.map(\.code), sourceLocation: sourceLocation)
            }
            let fetched = try postgres.fetch(descriptor).map(\.code)
            let counted = try postgres.fetchCount(descriptor)
            let identified = try postgres.fetchIdentifiers(descriptor).count
            let predicate = descriptor.predicate.map { "\($0)" } ?? "none"
            #expect(fetched == expected, "predicate \(predicate)", sourceLocation: sourceLocation)
            #expect(counted == expected.count, "predicate \(predicate)", sourceLocation: sourceLocation)
            #expect(identified == expected.count, "predicate \(predicate)", sourceLocation: sourceLocation)
        }
    }

    @Test("strings compare as Swift compares them: canonical equivalence, order by Unicode scalars, nil")
    func strings() async throws {
        let stores = try await Stores()
        let ecole = "école trip"
        let descriptors: [FetchDescriptor<Trip>] = [
            FetchDescriptor(predicate: #Predicate { $0.name == ecole }),
            FetchDescriptor(predicate: #Predicate { $0.name != ecole }),
            FetchDescriptor(predicate: #Predicate { $0.name < "Oslo" }),
            FetchDescriptor(predicate: #Predicate { $0.name >= "Kyōto" }),
            FetchDescriptor(predicate: #Predicate { "Rome" > $0.name }),
            FetchDescriptor(predicate: #Predicate { $0.name <= "e\u{301}cole trip" }),
            FetchDescriptor(predicate: #Predicate { $0.notes == nil }),
            FetchDescriptor(predicate: #Predicate { $0.notes != nil }),
            FetchDescriptor(predicate: #Predicate { $0.notes == "fjords" }),
            FetchDescriptor(predicate: #Predicate { $0.notes != "fjords" }),
            FetchDescriptor(predicate: #Predicate { !($0.notes == "fjords") }),
            FetchDescriptor(predicate: #Predicate { !($0.notes == "fjords" || $0.name < "Oslo") }),
            FetchDescriptor(predicate: #Predicate { $0.code != $0.name }),
        ]
        for descriptor in descriptors { try stores.expectSameAnswers(descriptor) }
        #expect(try stores.postgres.fetch(descriptors[0]).map(\.code) == ["ÉCO", "NFD"])
    }

    @Test("numbers, dates and booleans; NaN equals and orders with nothing; &&, || and !")
    func numbersAndLogic() async throws {
        let stores = try await Stores()
        // Not `.nan`, which the compiler flags in a comparison.
        let notANumber = Double("nan") ?? 0
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let descriptors: [FetchDescriptor<Trip>] = [
            FetchDescriptor(predicate: #Predicate { $0.budget > 1_000 }),
            FetchDescriptor(predicate: #Predicate { $0.budget <= 950.25 }),
            FetchDescriptor(predicate: #Predicate { $0.budget == notANumber }),
            FetchDescriptor(predicate: #Predicate { $0.budget != notANumber }),
            FetchDescriptor(predicate: #Predicate { $0.budget < notANumber }),
            FetchDescriptor(predicate: #Predicate { $0.start > day }),
            FetchDescriptor(predicate: #Predicate { $0.start == day }),
            FetchDescriptor(predicate: #Predicate { $0.isBooked }),
            FetchDescriptor(predicate: #Predicate { !$0.isBooked }),
            FetchDescriptor(predicate: #Predicate { $0.isBooked == false }),
            FetchDescriptor(predicate: #Predicate { $0.travellers == 2 || $0.budget == 0 }),
            FetchDescriptor(predicate: #Predicate { !($0.travellers > 1 && $0.isBooked) }),
            FetchDescriptor(predicate: #Predicate { $0.photo == nil }),
        ]
        for descriptor in descriptors { try stores.expectSameAnswers(descriptor) }
        #expect(try stores.postgres.fetch(descriptors[2]).isEmpty)
        #expect(try stores.postgres.fetchCount(descriptors[3]) == 6)
    }

    @Test("membership in a constant list, and a model's identifier, which names a row of this store only")
    func membershipAndIdentifiers() async throws {
        let stores = try await Stores()
        let codes = ["LIS", "ROM", "XXX"]
        let none: [String] = []
        try stores.expectSameAnswers(FetchDescriptor(predicate: #Predicate { codes.contains($0.code) }))
        try stores.expectSameAnswers(FetchDescriptor(predicate: #Predicate { none.contains($0.code) }))

        let rome = #Predicate<Trip> { $0.code == "ROM" }
        let postgresID = try #require(try stores.postgres.fetch(FetchDescriptor(predicate: rome)).first)
            .persistentModelID
        let sqliteID = try #require(try stores.sqlite.fetch(FetchDescriptor(predicate: rome)).first).persistentModelID
        let byID = FetchDescriptor<Trip>(predicate: #Predicate { $0.persistentModelID == postgresID })
        #expect(try stores.postgres.fetch(byID).map(\.code) == ["ROM"])
        let otherStore = FetchDescriptor<Trip>(predicate: #Predicate { $0.persistentModelID == sqliteID })
        #expect(try stores.postgres.fetch(otherStore).isEmpty)
        let wanted = [postgresID, sqliteID]
        #expect(
            try stores.postgres.fetch(
                FetchDescriptor(predicate: #Predicate<Trip> { wanted.contains($0.persistentModelID) })
            )
            .map(\.code) == ["ROM"])
    }

    @Test("sorts on numbers and dates, with offsets and limits, and the to-many targets of the models read")
    func sortsAndWindows() async throws {
        let stores = try await Stores()
        var descriptors: [FetchDescriptor<Trip>] = [
            FetchDescriptor(sortBy: [SortDescriptor(\.budget)]),
            FetchDescriptor(sortBy: [SortDescriptor(\.start, order: .reverse)]),
            FetchDescriptor(
                predicate: #Predicate { $0.budget > 10 },
                sortBy: [SortDescriptor(\.travellers, order: .reverse), SortDescriptor(\.budget)]),
        ]
        for (offset, limit) in [(0, 2), (1, 2), (4, 10), (10, 1)] {
            var windowed = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.budget, order: .reverse)])
            windowed.fetchOffset = offset
            windowed.fetchLimit = limit
            descriptors.append(windowed)
        }
        for descriptor in descriptors { try stores.expectSameAnswers(descriptor) }

        // The stops of the trips a filtered, windowed fetch read are theirs, whole.
        var booked = FetchDescriptor<Trip>(
            predicate: #Predicate { $0.isBooked }, sortBy: [SortDescriptor(\.budget, order: .reverse)])
        booked.fetchLimit = 2
        func stops(_ context: ModelContext) throws -> [String] {
            try context.fetch(booked).map { trip in
                trip.code + ": " + trip.stops.map { "\($0.place)×\($0.nights)" }.sorted().joined(separator: ",")
            }
        }
        let fresh = try await Stores()
        #expect(try stops(fresh.postgres) == stops(fresh.sqlite))
        #expect(try stops(fresh.postgres).count == 2)
    }

    @Test(
        "through relationships: a to-one's identifier or nil, an attribute of the model it holds, a test on a to-many's models"
    )
    func relationships() async throws {
        let stores = try await Stores()
        for context in [stores.postgres, stores.sqlite] {
            context.insert(Stop(place: "nowhere", nights: 5))
            try context.save()
        }
        let tables = try PostgresTables(schema: Schema([Trip.self, Stop.self]), namespace: "test")
        /// The places each store gives for the descriptor `make` builds with its own Rome trip.
        func expectSameStops(
            sourceLocation: SourceLocation = #_sourceLocation, _ make: (Trip) -> FetchDescriptor<Stop>
        ) throws {
            var answers: [[String]] = []
            for context in [stores.postgres, stores.sqlite] {
                let rome = try #require(
                    try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "ROM" })).first)
                let descriptor = make(rome)
                answers.append(try context.fetch(descriptor).map(\.place))
                if context === stores.postgres {
                    #expect(throws: Never.self, "answered in SQL", sourceLocation: sourceLocation) {
                        try PostgresFetchQuery(
                            descriptor, layout: try #require(tables.layouts["Stop"]), tables: tables,
                            storeIdentifier: "test")
                    }
                    #expect(try context.fetchCount(descriptor) == answers[0].count, sourceLocation: sourceLocation)
                }
            }
            #expect(answers[0] == answers[1], sourceLocation: sourceLocation)
        }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { $0.trip?.code == "ROM" }) }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { $0.trip?.code != "ROM" }) }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { $0.trip?.notes == nil }) }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { $0.trip?.notes != nil }) }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { !($0.trip?.isBooked == true) }) }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { $0.trip == nil }) }
        try expectSameStops { _ in FetchDescriptor(predicate: #Predicate { $0.trip != nil && $0.nights > 1 }) }
        try expectSameStops { rome in
            let id = rome.persistentModelID
            return FetchDescriptor(predicate: #Predicate { $0.trip?.persistentModelID == id })
        }
        try expectSameStops { rome in
            let id = rome.persistentModelID
            return FetchDescriptor(predicate: #Predicate { $0.trip?.persistentModelID != id })
        }
        try stores.expectSameAnswers(FetchDescriptor(predicate: #Predicate { $0.stops.contains { $0.nights > 2 } }))
        try stores.expectSameAnswers(FetchDescriptor(predicate: #Predicate { $0.stops.allSatisfy { $0.nights >= 2 } }))
        try stores.expectSameAnswers(
            FetchDescriptor(predicate: #Predicate { !$0.stops.contains { $0.place == "Rome 2" } && $0.budget > 100 }))
        #expect(
            try stores.postgres.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.trip?.code == "ROM" })).map(
                \.place) == ["Rome 1", "Rome 2"])
    }

    @Test("what SQL cannot answer exactly is left to the context: a string search, a string sort")
    func leftToTheContext() throws {
        let tables = try PostgresTables(schema: Schema([Trip.self, Stop.self]), namespace: "test")
        let layout = try #require(tables.layouts["Trip"])
        let search = FetchDescriptor<Trip>(predicate: #Predicate { $0.name.localizedStandardContains("o") })
        #expect(throws: DataStoreError.preferInMemoryFilter) {
            try PostgresFetchQuery(search, layout: layout, tables: tables, storeIdentifier: "test")
        }
        let byName = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        #expect(throws: DataStoreError.preferInMemorySort) {
            try PostgresFetchQuery(byName, layout: layout, tables: tables, storeIdentifier: "test")
        }
    }
}
