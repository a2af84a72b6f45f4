import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Synchronization
import Testing

/// The main context merges the saves of the container's other contexts, whatever its store:
/// SwiftData's main context does so for a custom store as for its own (a `DataStore`'s saves
/// reach the main context through the container, not through the store). On PostgreSQL it
/// also merges the saves of the store's other instances, another container or another process
/// (`LISTEN`/`NOTIFY`). The SQLite store, whose merges other tests check against SwiftData's
/// documented behaviour, is the oracle: the same edits give the same held models.
@Suite("Main context merges on the PostgreSQL store")
@MainActor
struct PostgresMainContextMergeTests {
    /// Who makes the edits the main context merges, on the PostgreSQL store: another context
    /// of its container, or a context of another container on the same database, as another
    /// process's is.
    enum Editor: String, CaseIterable, CustomTestStringConvertible {
        case sameContainer = "another context"
        case otherContainer = "another container"
        var testDescription: String { rawValue }
    }

    /// A PostgreSQL container of `models` on a new database, and the one its edits come from.
    private static func postgres(
        _ models: [any PersistentModel.Type], editor: Editor
    ) async throws -> EditingSide {
        let url = try #require(URL(string: try await TestPostgres.newDatabase()))
        let main = try ModelContainer(for: Schema(models), configurations: PostgresStoreConfiguration(url: url))
        guard editor == .otherContainer else { return EditingSide(main: main, editor: main) }
        let side = EditingSide(
            main: main,
            editor: try ModelContainer(for: Schema(models), configurations: PostgresStoreConfiguration(url: url)))
        try await side.awaitListening()
        return side
    }

    /// A SQLite container of `models`, whose other contexts make the edits: the oracle.
    private static func sqlite(_ models: [any PersistentModel.Type], in folder: TemporaryFolder) throws -> EditingSide {
        let container = try ModelContainer(
            for: Schema(models), configurations: ModelConfiguration(url: folder.file("oracle.sqlite")))
        return EditingSide(main: container, editor: container)
    }

    /// What a person reads of the held trips: name, notes, and stops in order of place.
    private static func describe(_ trips: [Trip]) -> [String] {
        trips.map { trip in
            let stops = trip.stops.map { "\($0.place)×\($0.nights)" }.sorted().joined(separator: ",")
            return "\(trip.code) \(trip.name) \(trip.notes ?? "-") context:\(trip.modelContext != nil) [\(stops)]"
        }
    }

    /// Holds every trip and stop in the main context, lets another context of the same
    /// container rename a trip, delete one, move a stop and change one's nights, and a third
    /// move a stop of a trip it never read, then says what the held models show.
    private func mergedEdits(_ side: EditingSide) async throws -> (trips: [String], stops: [String]) {
        let main = side.main.mainContext
        try TripData.insert(into: main)
        let trips = try main.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.code)]))
        let stops = try main.fetch(FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.place)]))
        _ = Self.describe(trips)  // Reads every list, as a view that shows them.
        await side.checkpoint()

        let other = ModelContext(side.editor)
        let otherTrips = try other.fetch(FetchDescriptor<Trip>())
        let rome = try #require(otherTrips.first { $0.code == "ROM" })
        let oslo = try #require(otherTrips.first { $0.code == "OSL" })
        let lisbon = try #require(otherTrips.first { $0.code == "LIS" })
        rome.name = "Roma"
        oslo.notes = nil
        let moved = try #require(rome.stops.first { $0.place == "Rome 1" })
        moved.trip = lisbon
        moved.nights = 9
        other.delete(try #require(otherTrips.first { $0.code == "KYO" }))
        try other.save()
        // A context that never read Oslo moves one of its stops: its save does not name Oslo.
        let third = ModelContext(side.editor)
        let osloStop = try #require(
            try third.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.place == "Oslo 2" })).first)
        osloStop.trip = try third.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "ÉCO" })).first
        try third.save()
        try await side.settle(saves: 2)

        let held = stops.map { "\($0.place)×\($0.nights) \($0.trip?.code ?? "-") context:\($0.modelContext != nil)" }
        return (Self.describe(trips), held)
    }

    @Test(
        "a held model shows other contexts' saves: a renamed attribute, a cleared one, moved stops, a deleted trip",
        arguments: Editor.allCases)
    func heldModelsShowOtherContextsSave(editor: Editor) async throws {
        let merged = try await mergedEdits(try await Self.postgres([Trip.self, Stop.self], editor: editor))
        let folder = TemporaryFolder(prefix: "Merge")
        let oracle = try await mergedEdits(try Self.sqlite([Trip.self, Stop.self], in: folder))
        #expect(merged.trips == oracle.trips)
        #expect(merged.stops == oracle.stops)
        #expect(merged.trips.contains { $0.hasPrefix("ROM Roma") })
        #expect(merged.trips.contains { $0.hasPrefix("KYO Kyōto - context:false") })
        #expect(merged.stops.contains("Rome 1×9 LIS context:true"))
        #expect(merged.trips.contains("OSL Oslo - context:true [Oslo 1×1]"))
    }

    /// Holds guides and tours with their lists read in the main context, lets another context
    /// link and unlink from either side, then says what the held models show from both sides.
    private func mergedLinks(_ side: EditingSide) async throws -> [String] {
        let main = side.main.mainContext
        let (ana, ben) = (Guide(name: "Ana"), Guide(name: "Ben"))
        let (castle, river) = (Tour(name: "Castle"), Tour(name: "River"))
        for model in [ana, ben] as [any PersistentModel] + [castle, river] { main.insert(model) }
        castle.guides = [ana, ben]
        try main.save()
        let describe = {
            [ana, ben].map { "\($0.name): \($0.tours.map(\.name).sorted())" }
                + [castle, river].map { "\($0.name): \($0.guides.map(\.name).sorted())" }
        }
        _ = describe()  // Reads every list, as a view that shows them.
        await side.checkpoint()

        let other = ModelContext(side.editor)
        let guides = try other.fetch(FetchDescriptor<Guide>())
        let tours = try other.fetch(FetchDescriptor<Tour>())
        let otherAna = try #require(guides.first { $0.name == "Ana" })
        let otherCastle = try #require(tours.first { $0.name == "Castle" })
        otherAna.tours.append(try #require(tours.first { $0.name == "River" }))
        otherCastle.guides.removeAll { $0.name == "Ben" }
        try other.save()
        try await side.settle(saves: 1)
        return describe()
    }

    @Test(
        "held lists of a many-to-many show the links another context made and removed, from both sides",
        arguments: Editor.allCases)
    func heldListsShowOtherContextsLinks(editor: Editor) async throws {
        let models: [any PersistentModel.Type] = [Guide.self, Tour.self, Badge.self]
        let merged = try await mergedLinks(try await Self.postgres(models, editor: editor))
        let folder = TemporaryFolder(prefix: "Merge")
        #expect(merged == (try await mergedLinks(try Self.sqlite(models, in: folder))))
        #expect(merged == ["Ana: [\"Castle\", \"River\"]", "Ben: []", "Castle: [\"Ana\"]", "River: [\"Ana\"]"])
    }

    /// Holds two trips in the main context and gives a stop to the first; another context,
    /// which read the stop before it had a trip, gives it to the second: its save names the
    /// stop and the second trip, not the first. Says what the held trips list.
    private func staleMove(_ side: EditingSide) async throws -> [String] {
        let main = side.main.mainContext
        let (rome, lisbon) = (
            Trip(code: "ROM", name: "Rome", start: .now, budget: 1, travellers: 1, isBooked: true),
            Trip(code: "LIS", name: "Lisbon", start: .now, budget: 1, travellers: 1, isBooked: true)
        )
        let stop = Stop(place: "Forum", nights: 1)
        for model in [rome, lisbon] as [any PersistentModel] + [stop] { main.insert(model) }
        try main.save()
        let other = ModelContext(side.editor)
        let otherStop = try #require(try other.fetch(FetchDescriptor<Stop>()).first)
        #expect(otherStop.trip == nil)

        stop.trip = rome
        try main.save()
        _ = Self.describe([rome, lisbon])  // Reads both lists, as a view that shows them.
        await side.checkpoint()
        otherStop.trip = try other.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == "LIS" })).first
        try other.save()
        try await side.settle(saves: 1)
        return Self.describe([rome, lisbon])
    }

    @Test(
        "a stop moved by a context that read it before it had a trip leaves the held trip it was in",
        arguments: Editor.allCases)
    func staleContextMovesStop(editor: Editor) async throws {
        let merged = try await staleMove(try await Self.postgres([Trip.self, Stop.self], editor: editor))
        let folder = TemporaryFolder(prefix: "Merge")
        #expect(merged == (try await staleMove(try Self.sqlite([Trip.self, Stop.self], in: folder))))
        #expect(merged == ["ROM Rome - context:true []", "LIS Lisbon - context:true [Forum×1]"])
    }

    @Test("a save of 3,000 models reaches another container whole, told in notices each within PostgreSQL's limit")
    func largeSaveReachesOtherContainer() async throws {
        let side = try await Self.postgres([Trip.self, Stop.self], editor: .otherContainer)
        let inserted = Mutex(0)
        let changes = side.main.changes()
        let counting = Task { for await change in changes { inserted.withLock { $0 += change.inserted.count } } }
        defer { counting.cancel() }

        let context = ModelContext(side.editor)
        for index in 0..<3_000 { context.insert(Stop(place: "Stop \(index)", nights: index % 7)) }
        try context.save()
        // A minute: in a full run, on two busy cores, the last notice had once not arrived
        // ten seconds after the save.
        let deadline = ContinuousClock.now + .seconds(60)
        while inserted.withLock({ $0 }) < 3_000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(inserted.withLock { $0 } == 3_000)
    }

    @Test(
        "a container listens for other processes' saves once its main context is made, not before: a process of request handlers' contexts does not"
    )
    func listensOnceMainContextIsMade() async throws {
        let url = try await TestPostgres.newDatabase()
        let listening = """
            SELECT count(*)::int8 FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN %'
            """
        let container = try ModelContainer(
            for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let context = ModelContext(container)
        context.insert(Trip(code: "LIS", name: "Lisbon", start: .now, budget: 1, travellers: 1, isBooked: true))
        try context.save()
        _ = try context.fetch(FetchDescriptor<Trip>())
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await TestPostgres.integer(listening, on: url) == 0)

        _ = container.mainContext
        let deadline = ContinuousClock.now + .seconds(10)
        while try await TestPostgres.integer(listening, on: url) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await TestPostgres.integer(listening, on: url) == 1)
    }

    @Test(
        "after the server restarts, the main context merges another container's saves again: its listening reconnects")
    func mergesAfterServerRestart() async throws {
        let server = try await TestPostgres.startOwnServer()
        let url = try #require(URL(string: try await server.newDatabase()))
        let side = EditingSide(
            main: try ModelContainer(for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: url)),
            editor: try ModelContainer(for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(url: url)))
        try await side.awaitListening()
        let main = side.main.mainContext
        main.insert(Trip(code: "LIS", name: "Lisbon", start: .now, budget: 1, travellers: 1, isBooked: true))
        try main.save()
        let held = try #require(try main.fetch(FetchDescriptor<Trip>()).first)

        try await server.restart()
        // The editor renames the trip until the held model shows it: the saves that the restart
        // cut fail, and those before the listening reconnected are not merged.
        var (saved, attempt) = ("", 0)
        let deadline = ContinuousClock.now + .seconds(30)
        while saved.isEmpty || held.name != saved, ContinuousClock.now < deadline {
            attempt += 1
            let context = ModelContext(side.editor)
            if let trip = try? context.fetch(FetchDescriptor<Trip>()).first {
                trip.name = "Lisboa \(attempt)"
                if (try? context.save()) != nil { saved = trip.name }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(!saved.isEmpty && held.name == saved, "the held trip shows \(held.name), the last save \(saved)")
    }
}
