// snippet.hide
import Foundation
// snippet.show
import OpenSwiftData

// snippet.hide
enum TripsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self] }

    @Model
    final class Trip {
        var name: String

        init(name: String) { self.name = name }
    }
}

enum TripsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TripsV1.self] }
    static var stages: [MigrationStage] { [] }
}

let storeURL = FileManager.default.temporaryDirectory.appending(path: "StoreFileInspection-\(UUID().uuidString).sqlite")
let schema = Schema(versionedSchema: TripsV1.self)
let plan = TripsPlan.self
do {
    let container = try ModelContainer(
        for: schema, migrationPlan: plan, configurations: ModelConfiguration(url: storeURL))
    let context = ModelContext(container)
    context.insert(TripsV1.Trip(name: "Lisbon"))
    try context.save()
}
// snippet.show
let store = StoreFile(url: storeURL)
let inspection = store.inspect(expecting: schema, migrationPlan: plan)
print(inspection.state, inspection.entities.map(\.rowCount))
let backup = try store.backup(label: "manual")

if case .problems(let messages) = StoreFile(url: storeURL).checkIntegrity() {
    print("damaged:", messages.prefix(3))
}
// snippet.hide
print(backup.lastPathComponent)
