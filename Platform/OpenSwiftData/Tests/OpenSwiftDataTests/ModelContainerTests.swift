import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("ModelContainer and storage")
struct ModelContainerTests {
    @Test("the variadic and Schema initialisers open the same kind of store")
    func initialisers() throws {
        let folder = TemporaryFolder()
        let variadic = try ModelContainer(
            for: Stop.self, Trip.self, configurations: ModelConfiguration(url: folder.file("a.sqlite")))
        #expect(Set(variadic.schema.entities.map(\.name)) == ["Trip", "Stop", "Guide", "Booking", "Note", "Tag"])
        let schema = Schema(versionedSchema: MoviesWatchlistSchemaV1.self)
        #expect(schema.version == Schema.Version(1, 0, 0))
        let fromSchema = try ModelContainer(
            for: schema, configurations: [ModelConfiguration(url: folder.file("b.sqlite"))])
        #expect(fromSchema.schema.entities.map(\.name) == ["MoviesWatchlistMovieEntity"])
        #expect(fromSchema.configurations.first?.url == folder.file("b.sqlite"))
    }

    @Test("the schema describes attributes and relationships, inverses included")
    func schemaEntities() throws {
        let schema = Schema(tripSchemaTypes)
        let trip = try #require(schema.entity(named: "Trip"))
        #expect(trip.attributes.map(\.name) == ["name", "startDate", "budget", "kind"])
        #expect(trip.attributes.first { $0.name == "name" }?.isUnique == true)
        let stops = try #require(trip.relationships.first { $0.name == "stops" })
        #expect(stops.destination == "Stop")
        #expect(stops.isToOneRelationship == false)
        #expect(stops.deleteRule == .cascade)
        #expect(stops.inverseName == "trip")
        let guide = try #require(schema.entity(named: "Guide")?.relationships.first)
        #expect(guide.inverseName == "guide", "the inverse is inferred when unambiguous")
    }

    @Test("a store is one readable table per entity with a column per attribute")
    func readableSchema() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let tables = try readSQL(container) { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(
            tables == [
                "Booking", "Guide", "Note", "Stop", "Tag", "Tag_trips", "Trip", "openswiftdata_entities",
                "openswiftdata_metadata",
            ])
        let columns = try readSQL(container) { db in try db.columns(in: "Trip").map(\.name) }
        #expect(columns == ["_pk", "name", "startDate", "budget", "kind", "guide"])
        let stopColumns = try readSQL(container) { db in try db.columns(in: "Stop").map { "\($0.name) \($0.type)" } }
        #expect(stopColumns == ["_pk INTEGER", "title TEXT", "order INTEGER", "trip INTEGER"])
        let indexes = try readSQL(container) { db in try db.indexes(on: "Trip").map(\.name).sorted() }
        #expect(indexes == ["Trip_guide_index", "Trip_name_unique"])
        let hashes = try readSQL(container) { db in
            try Row.fetchAll(db, sql: "SELECT name, hash FROM openswiftdata_entities ORDER BY name")
        }
        #expect(hashes.count == 6)
        #expect(hashes.allSatisfy { ($0["hash"] as String).count == 16 })
    }

    @Test("new store files are private to the owner and in WAL mode")
    func filePermissions() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appending(path: "nested/store.sqlite")
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        context.insert(Trip(name: "x"))
        try context.save()
        let fileMode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)[.posixPermissions]
            as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
        let journal = try readSQL(container) { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }

    @Test("in-memory containers are independent of each other")
    func inMemory() throws {
        let first = try makeInMemoryContainer([Trip.self])
        let second = try makeInMemoryContainer([Trip.self])
        let context = ModelContext(first)
        context.insert(Trip(name: "only in first"))
        try context.save()
        #expect(try ModelContext(first).fetchCount(FetchDescriptor<Trip>()) == 1)
        #expect(try ModelContext(second).fetchCount(FetchDescriptor<Trip>()) == 0)
        #expect(first.url == nil)
    }

    @Test("deleteAllData removes every row of every entity")
    func deleteAllData() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let trip = Trip(name: "t")
        context.insert(trip)
        trip.stops = [Stop(title: "s")]
        trip.tags = [Tag(label: "l")]
        try context.save()
        container.deleteAllData()
        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<Trip>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Stop>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Tag>()) == 0)
    }

    @Test("a read-only configuration refuses to save")
    func allowsSave() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        _ = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        let readOnly = try ModelContainer(
            for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        let context = ModelContext(readOnly)
        context.insert(Trip(name: "x"))
        expectCause(.saveNotAllowed) { try context.save() }
    }

    @Test("the main context saves automatically")
    @MainActor
    func mainContextAutosaves() async throws {
        let container = try makeInMemoryContainer([Trip.self])
        #expect(container.mainContext.autosaveEnabled)
        #expect(container.mainContext === container.mainContext)
        #expect(ModelContext(container).autosaveEnabled == false)
        container.mainContext.insert(Trip(name: "autosaved"))
        for _ in 0..<100 where container.mainContext.hasChanges {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 1)
    }
}
