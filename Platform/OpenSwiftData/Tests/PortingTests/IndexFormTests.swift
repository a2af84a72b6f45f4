import Foundation
import GRDB
import SwiftData
import Testing

/// `#Index` with arrays of key paths.
@Model
final class Venue {
    #Index<Venue>([\.name], [\.city, \.name])
    var name: String
    var city: String

    init(name: String, city: String) {
        self.name = name
        self.city = city
    }
}

/// `#Index` with `Schema.Index` types, as SwiftData has them since iOS 18.
@Model
final class Landmark {
    #Index<Landmark>(.binary([\.title]), .rtree([\.latitude, \.longitude]), .binary([\.title]))
    var title: String
    var latitude: Double
    var longitude: Double

    init(title: String, latitude: Double, longitude: Double) {
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
    }
}

@Suite("#Index forms and Schema.Index")
struct IndexFormTests {
    /// The indexes of a table of the store at `url`, each as its ordered column names.
    private func indexes(of table: String, at url: URL) throws -> Set<[String]> {
        let queue = try DatabaseQueue(path: url.path)
        return try queue.read { db in
            Set(try db.indexes(on: table).filter { !$0.isUnique }.map(\.columns))
        }
    }

    @Test("every form creates its SQLite indexes, and .binary and .rtree over the same columns make one")
    func indexesExist() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "IndexFormTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "index.store")
        do {
            let container = try ModelContainer(
                for: Venue.self, Landmark.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(Venue(name: "Olympia", city: "Dublin"))
            context.insert(Landmark(title: "Spire", latitude: 53.35, longitude: -6.26))
            try context.save()
        }
        #expect(try indexes(of: "Venue", at: url) == [["name"], ["city", "name"]])
        #expect(try indexes(of: "Landmark", at: url) == [["title"], ["latitude", "longitude"]])
        #expect(Landmark.schemaIndexes == [["title"], ["latitude", "longitude"]])
    }

    @Test("Schema.Index describes indexes by kind and key path")
    func schemaIndex() {
        let typed = Schema.Index<Landmark>(.binary([\.title]), .rtree([\.latitude, \.longitude]))
        #expect(typed.indices == [.binary([\Landmark.title]), .rtree([\Landmark.latitude, \Landmark.longitude])])
        #expect(typed.propertyNames == [["title"], ["latitude", "longitude"]])
        let binary = Schema.Index<Venue>([\.name], [\.city, \.name])
        #expect(binary == Schema.Index<Venue>(.binary([\.name]), .binary([\.city, \.name])))
        #expect(binary != Schema.Index<Venue>(.binary([\.name])))
        #expect(typed.debugDescription == #"Index<Landmark>(.binary(["title"]), .rtree(["latitude", "longitude"]))"#)
    }
}
