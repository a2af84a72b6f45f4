import Foundation
import Logging
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// A `@Model` class and a `@Model` subclass of it, in a synced store.
@Model
class Exhibit {
    var title: String?
    var year: Int?
    var room: Room?

    init(title: String, year: Int) {
        self.title = title
        self.year = year
    }
}

@Model
final class Painting: Exhibit {
    var painter: String?

    init(title: String, year: Int, painter: String) {
        self.painter = painter
        super.init(title: title, year: year)
    }
}

/// A room of the gallery: a to-many whose targets may be of either class.
@Model
final class Room {
    var name: String?
    @Relationship(deleteRule: .nullify, inverse: \Exhibit.room) var exhibits: [Exhibit]? = []

    init(name: String) { self.name = name }
}

/// One machine's store of exhibits, some of them paintings.
private final class Gallery {
    let folder = TemporaryFolder(prefix: "StoreSyncGallery")
    let container: ModelContainer

    init() throws {
        container = try ModelContainer(
            for: Schema([Exhibit.self, Painting.self, Room.self]),
            configurations: [
                ModelConfiguration(url: folder.file("gallery.sqlite"), cloudKitDatabase: .private("iCloud.tests"))
            ])
    }

    var store: SyncedStore { SyncedStore(name: "gallery", container: container) }

    func sync(_ url: String) async throws {
        let engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        _ = try await engine.sync([store])
    }

    func change(_ body: (ModelContext) throws -> Void) throws {
        let context = ModelContext(container)
        try body(context)
        try context.save()
    }

    /// Every exhibit, one line each, sorted, with its room, and its painter for a
    /// painting; then every room with its exhibits.
    func contents() throws -> [String] {
        let context = ModelContext(container)
        let exhibits = try context.fetch(FetchDescriptor<Exhibit>()).map { exhibit in
            let painter = (exhibit as? Painting).map { " painting by \($0.painter ?? "-")" } ?? ""
            let room = exhibit.room.map { " in \($0.name ?? "-")" } ?? ""
            return "\(exhibit.title ?? "-") \(exhibit.year.map(String.init) ?? "-")\(painter)\(room)"
        }
        let rooms = try context.fetch(FetchDescriptor<Room>()).map { room in
            "room \(room.name ?? "-"): " + (room.exhibits ?? []).compactMap(\.title).sorted().joined(separator: ", ")
        }
        return (exhibits + rooms).sorted()
    }
}

@Suite("Model subclasses")
struct SubclassSyncTests {
    @Test("a subclass's rows reach the other machine as models of their own class, with every field, both ways")
    func subclassRowsSync() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Gallery()
        let b = try Gallery()
        try a.change { context in
            let hall = Room(name: "Hall")
            context.insert(hall)
            let vase = Exhibit(title: "Vase", year: 1820)
            let harbour = Painting(title: "Harbour", year: 1874, painter: "Monet")
            context.insert(vase)
            context.insert(harbour)
            vase.room = hall
            harbour.room = hall
        }
        #expect(try await StoreSyncStatus.read(a.store).pendingChanges == 3, "each model once")
        try await a.sync(url)
        let entities = try await TestPostgres.execute(
            "SELECT entity FROM storesync_records_gallery ORDER BY entity", on: url
        ).map { try $0.decode(String.self) }
        #expect(entities == ["Exhibit", "Painting", "Room"], "one record per model, of its own entity")
        try await b.sync(url)
        #expect(
            try b.contents() == [
                "Harbour 1874 painting by Monet in Hall", "Vase 1820 in Hall", "room Hall: Harbour, Vase",
            ])

        try b.change { context in
            let painting = try #require(try context.fetch(FetchDescriptor<Painting>()).first)
            painting.painter = "Claude Monet"
            painting.year = 1872
            context.insert(Painting(title: "Water Lilies", year: 1906, painter: "Monet"))
        }
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.contents() == b.contents())
        #expect(
            try a.contents() == [
                "Harbour 1872 painting by Claude Monet in Hall", "Vase 1820 in Hall",
                "Water Lilies 1906 painting by Monet", "room Hall: Harbour, Vase",
            ])

        try a.change { context in
            try context.delete(model: Painting.self, where: #Predicate { $0.painter == "Monet" })
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(
            try b.contents() == [
                "Harbour 1872 painting by Claude Monet in Hall", "Vase 1820 in Hall", "room Hall: Harbour, Vase",
            ])
        #expect(try a.contents() == b.contents())
    }
}
