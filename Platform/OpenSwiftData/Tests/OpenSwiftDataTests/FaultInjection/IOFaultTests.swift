import Foundation
import GRDB
import OpenSwiftData
import Testing

/// I/O errors injected at every read, write, truncate, sync, lock, shared-memory map and
/// lock, delete and open of a save, a migration, a backup and a restore (``IOFaultTrial``).
/// Serialized: one fault is armed at a time.
@Suite("I/O errors at every call of a store operation", .serialized)
struct IOFaultTests {
    /// A trip's state as a new context reads it: the trips with their stops and tags.
    private static func tripState(_ folder: TemporaryFolder) throws -> String {
        let context = ModelContext(try makeContainer(tripSchemaTypes, folder: folder))
        let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        return trips.map { trip in
            "\(trip.name) \(trip.budget) stops \(trip.stops.map(\.title).sorted()) tags \(trip.tags.map(\.label).sorted())"
        }.joined(separator: "; ")
    }

    @Test("a save is all or nothing")
    func save() async throws {
        let trial = IOFaultTrial<String>(
            name: "save",
            prepare: { folder in
                let context = ModelContext(try makeContainer(tripSchemaTypes, folder: folder))
                let trip = Trip(name: "Tour", budget: 1)
                context.insert(trip)
                trip.stops = [Stop(title: "a"), Stop(title: "b")]
                trip.tags = [Tag(label: "food")]
                try context.save()
                return try Self.tripState(folder)
            },
            operation: { folder in
                let context = ModelContext(try makeContainer(tripSchemaTypes, folder: folder))
                let trip = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
                trip.budget = 2
                trip.stops.removeAll { $0.title == "a" }
                trip.stops.append(Stop(title: "c"))
                trip.tags.append(Tag(label: "art"))
                let second = Trip(name: "Walk", budget: 3)
                context.insert(second)
                second.stops = (0..<40).map { Stop(title: "w\($0)") }
                try context.save()
            },
            expectedAfter: { _ in
                "Tour 2.0 stops [\"b\", \"c\"] tags [\"art\", \"food\"]; Walk 3.0 stops \((0..<40).map { "w\($0)" }.sorted()) tags []"
            },
            read: Self.tripState)
        let counts = try await trial.run()
        #expect(counts.faults > 10)
    }

    /// The watchlist's rows and whether its table has V2's column, read with SQL.
    private static func watchlistState(_ folder: TemporaryFolder) throws -> String {
        let queue = try DatabaseQueue(path: folder.file("store.sqlite").path)
        let state = try queue.read { db in
            let columns = try db.columns(in: "WatchlistMovie").map(\.name)
            let ids = try Int.fetchAll(db, sql: "SELECT movieID FROM WatchlistMovie ORDER BY movieID")
            return "\(columns.contains("addedFrom") ? "V2" : "V1") \(ids)"
        }
        try queue.close()
        // And the plan opens it, whichever version it is at.
        _ = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
            configurations: [ModelConfiguration(url: folder.file("store.sqlite"))])
        return state
    }

    @Test("a migration, its backup included, leaves the store at one version or the other")
    func migration() async throws {
        let trial = IOFaultTrial<String>(
            name: "migration",
            prepare: { folder in
                let container = try ModelContainer(
                    for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: WatchlistV1OnlyPlan.self,
                    configurations: [ModelConfiguration(url: folder.file("store.sqlite"))])
                let context = ModelContext(container)
                for id in 1...30 { context.insert(WatchlistV1.WatchlistMovie(movieID: id, createdAt: .now)) }
                try context.save()
                let queue = try DatabaseQueue(path: folder.file("store.sqlite").path)
                defer { try? queue.close() }
                return try queue.read { db in
                    "V1 \(try Int.fetchAll(db, sql: "SELECT movieID FROM WatchlistMovie ORDER BY movieID"))"
                }
            },
            operation: { folder in
                _ = try ModelContainer(
                    for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
                    configurations: [ModelConfiguration(url: folder.file("store.sqlite"))])
            },
            expectedAfter: { before in "V2" + before.dropFirst(2) },
            read: Self.watchlistState)
        let counts = try await trial.run()
        #expect(counts.faults > 10)
    }

    @Test("a backup is whole or absent, and the store stays as it was")
    func backup() async throws {
        let trial = IOFaultTrial<String>(
            name: "backup",
            prepare: { folder in
                _ = try Self.prepareTrips(folder, names: ["Tour", "Walk"])
                return try Self.backupState(folder)
            },
            operation: { folder in
                try StoreFile(url: folder.file("store.sqlite")).backup(to: folder.file("copy.sqlite"))
            },
            expectedAfter: { before in before.replacingOccurrences(of: "no copy", with: "copy [\"Tour\", \"Walk\"]") },
            read: Self.backupState)
        let counts = try await trial.run()
        #expect(counts.faults > 5)
    }

    @Test("a restore puts the backup in place whole, or leaves the store as it was")
    func restore() async throws {
        let trial = IOFaultTrial<String>(
            name: "restore",
            prepare: { folder in
                let source = TemporaryFolder()
                try Self.prepareTrips(source, names: ["Backed up"])
                try StoreFile(url: source.file("store.sqlite")).backup(to: folder.file("backup.sqlite"))
                try Self.prepareTrips(folder, names: ["Current"])
                return try Self.tripNames(folder)
            },
            operation: { folder in
                _ = try StoreFile(url: folder.file("store.sqlite")).restore(from: folder.file("backup.sqlite"))
            },
            expectedAfter: { _ in "[\"Backed up\"]" },
            read: Self.tripNames)
        let counts = try await trial.run()
        #expect(counts.faults > 5)
    }

    @discardableResult
    private static func prepareTrips(_ folder: TemporaryFolder, names: [String]) throws -> ModelContainer {
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        for name in names { context.insert(Trip(name: name)) }
        try context.save()
        return container
    }

    private static func tripNames(_ folder: TemporaryFolder) throws -> String {
        let context = ModelContext(try makeContainer(tripSchemaTypes, folder: folder))
        return "\(try context.fetch(FetchDescriptor<Trip>()).map(\.name).sorted())"
    }

    /// The store's trips, and the copy's when there is one.
    private static func backupState(_ folder: TemporaryFolder) throws -> String {
        let store = try tripNames(folder)
        guard FileManager.default.fileExists(atPath: folder.file("copy.sqlite").path) else {
            return "\(store), no copy"
        }
        let queue = try DatabaseQueue(path: folder.file("copy.sqlite").path)
        defer { try? queue.close() }
        let names = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM Trip ORDER BY name") }
        return "\(store), copy \(names)"
    }
}
