import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

/// Two containers on one database, as two app processes: each saves what it changed, and a
/// save does not put back what the other changed since it read the model. The rule is the
/// last writer wins per property.
@Suite("PostgreSQL store: saves of two processes")
struct PostgresConcurrentSaveTests {
    private static func container(_ url: String, _ models: [any PersistentModel.Type]) throws -> ModelContainer {
        try ModelContainer(
            for: Schema(models), configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
    }

    @Test("two processes change different properties of one model: both changes hold")
    func differentProperties() async throws {
        let url = try await TestPostgres.newDatabase()
        let (first, second) = (
            try Self.container(url, [Trip.self, Stop.self]), try Self.container(url, [Trip.self, Stop.self])
        )
        let setup = ModelContext(first)
        setup.insert(Trip(code: "LIS", name: "Lisbon", start: .now, budget: 100, travellers: 2, isBooked: false))
        try setup.save()

        let here = ModelContext(first)
        let there = ModelContext(second)
        let mine = try #require(try here.fetch(FetchDescriptor<Trip>()).first)
        let theirs = try #require(try there.fetch(FetchDescriptor<Trip>()).first)
        mine.name = "Lisboa"
        theirs.budget = 250
        theirs.isBooked = true
        try here.save()
        try there.save()

        let read = try #require(
            try ModelContext(try Self.container(url, [Trip.self, Stop.self])).fetch(FetchDescriptor<Trip>()).first)
        #expect(read.name == "Lisboa")
        #expect(read.budget == 250)
        #expect(read.isBooked)
    }

    @Test("a save that did not change a many-to-many relationship leaves the link another process added")
    func untouchedLinks() async throws {
        let url = try await TestPostgres.newDatabase()
        let models: [any PersistentModel.Type] = [Guide.self, Tour.self, Badge.self]
        let (first, second) = (try Self.container(url, models), try Self.container(url, models))
        let setup = ModelContext(first)
        let guide = Guide(name: "Ana")
        setup.insert(guide)
        setup.insert(Tour(name: "Castle"))
        try setup.save()

        let there = ModelContext(second)
        let theirs = try #require(try there.fetch(FetchDescriptor<Guide>()).first)
        #expect(theirs.tours.isEmpty)
        let here = ModelContext(first)
        let mine = try #require(try here.fetch(FetchDescriptor<Guide>()).first)
        mine.tours.append(try #require(try here.fetch(FetchDescriptor<Tour>()).first))
        try here.save()
        theirs.name = "Ana María"
        try there.save()

        let read = try #require(try ModelContext(try Self.container(url, models)).fetch(FetchDescriptor<Guide>()).first)
        #expect(read.name == "Ana María")
        #expect(read.tours.map(\.name) == ["Castle"])
    }
}
