// snippet.hide
import Foundation
import OpenSwiftData
// snippet.show
import OpenSwiftDataPostgres

@Model
final class Trip {
    @Attribute(.unique) var code: String
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

    init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

@Model
final class Stop {
    var place: String
    var trip: Trip?

    init(place: String) { self.place = place }
}

// snippet.hide
func openTrips(onServer: Bool) throws -> ModelContainer {
    // snippet.show
    // The same models, on PostgreSQL for the app servers…
    let shared = PostgresStoreConfiguration(
        name: "trips", url: URL(string: "postgres://app@db.internal/travel?sslmode=verify-full")!)
    // …or on SQLite for one machine.
    let local = ModelConfiguration(url: URL(filePath: "/var/lib/travel/trips.store"))
    let container =
        onServer
        ? try ModelContainer(for: Trip.self, Stop.self, configurations: shared)
        : try ModelContainer(for: Trip.self, Stop.self, configurations: local)
    // snippet.hide
    return container
}
