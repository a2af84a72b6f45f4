// snippet.hide
import Foundation
// snippet.show
import OpenSwiftData

@Model
final class Trip {
    @Attribute(.unique) var name: String
    var startDate: Date = .now
    init(name: String) { self.name = name }
}

// snippet.hide
@Model
final class Stop {
    var title: String
    var trip: Trip?

    init(title: String) { self.title = title }
}

enum TripsSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Stop.self] }
}

let storeURL = FileManager.default.temporaryDirectory.appending(path: "ContainerSetup-\(UUID().uuidString).sqlite")
// snippet.show
let schema = Schema([Trip.self, Stop.self])
let versioned = Schema(versionedSchema: TripsSchemaV2.self)

let onDisk = ModelConfiguration(schema: schema, url: storeURL, cloudKitDatabase: .none)
let inMemory = ModelConfiguration(isStoredInMemoryOnly: true)

let container = try ModelContainer(
    for: Schema([Trip.self]),
    configurations: [ModelConfiguration(url: storeURL)]
)
let context = ModelContext(container)
// snippet.hide
print(versioned.entities.count, onDisk.url, inMemory.isStoredInMemoryOnly, context.insertedModelsArray.count)
