import Foundation
import Synchronization
import Testing

@testable import OpenSwiftData

@Model
final class FlakyTrip {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \FlakyStop.trip) var stops: [FlakyStop] = []

    init(name: String) { self.name = name }
}

@Model
final class FlakyStop {
    var place: String
    var trip: FlakyTrip?

    init(place: String) { self.place = place }
}

/// A custom store in memory that deletes a trip's stops with it, as a database's cascading
/// foreign key does (OpenSwiftDataPostgres's), and whose reads of stops fail while told to,
/// as a server that restarts fails them.
final class FlakyStoreConfiguration: DataStoreConfiguration {
    typealias Store = FlakyStore

    /// The rows, by identifier, how many reads of stops are still to fail, and how many
    /// fetches of each entity the store answered.
    struct Rows {
        var snapshots: [PersistentIdentifier: DefaultSnapshot] = [:]
        var failingStopReads = 0
        var fetches: [String: Int] = [:]
    }

    var name = "flaky"
    var schema: Schema?
    /// Shared by every store of the configuration, as a database is by its processes.
    let rows = Mutex(Rows())

    static func == (lhs: FlakyStoreConfiguration, rhs: FlakyStoreConfiguration) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

final class FlakyStore: DataStore {
    typealias Configuration = FlakyStoreConfiguration
    typealias Snapshot = DefaultSnapshot

    struct ReadFailed: Error {}

    let configuration: FlakyStoreConfiguration
    let name: String
    let schema: Schema
    let identifier = "flaky"
    private let nextKey = Atomic<Int64>(0)

    init(_ configuration: FlakyStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        name = configuration.name
        schema = try #require(configuration.schema)
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
    {
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        for snapshot in request.inserted {
            remapped[snapshot.persistentIdentifier] = try PersistentIdentifier.identifier(
                for: identifier, entityName: snapshot.persistentIdentifier.entityName,
                primaryKey: nextKey.add(1, ordering: .relaxed).newValue)
        }
        configuration.rows.withLock { rows in
            for snapshot in request.inserted + request.updated {
                let identifier = remapped[snapshot.persistentIdentifier] ?? snapshot.persistentIdentifier
                rows.snapshots[identifier] = snapshot.copy(
                    persistentIdentifier: identifier, remappedIdentifiers: remapped)
            }
            for snapshot in request.deleted {
                rows.snapshots[snapshot.persistentIdentifier] = nil
                // The stops that name the trip go with it.
                rows.snapshots = rows.snapshots.filter { _, row in
                    guard case .toOne(let trip?)? = row.values["trip"] else { return true }
                    return trip != snapshot.persistentIdentifier
                }
            }
        }
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
        T, DefaultSnapshot
    > {
        if request.descriptor.predicate != nil { throw DataStoreError.preferInMemoryFilter }
        if !request.descriptor.sortBy.isEmpty { throw DataStoreError.preferInMemorySort }
        let entityName = String(describing: T.self)
        let snapshots = try configuration.rows.withLock { rows in
            rows.fetches[entityName, default: 0] += 1
            if entityName == "FlakyStop", rows.failingStopReads > 0 {
                rows.failingStopReads -= 1
                throw ReadFailed()
            }
            // The trips' stops, as the to-many of their snapshots.
            return rows.snapshots.values.filter { $0.persistentIdentifier.entityName == entityName }.map { row in
                guard entityName == "FlakyTrip" else { return row }
                var values = row.values
                values["stops"] = .toMany(
                    rows.snapshots.values.filter {
                        if case .toOne(row.persistentIdentifier)? = $0.values["trip"] { return true }
                        return false
                    }.map(\.persistentIdentifier))
                return DefaultSnapshot(persistentIdentifier: row.persistentIdentifier, values: values)
            }
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }
}

@Suite("A cascade whose read of the related models fails")
struct CascadeAfterFailedReadTests {
    @Test(
        "a delete whose cascade could not read the stops is refused at the save: no stop is left without its trip"
    )
    func readFailsDuringTheCascade() throws {
        let configuration = FlakyStoreConfiguration()
        let container = try ModelContainer(for: FlakyTrip.self, FlakyStop.self, configurations: configuration)
        let first = ModelContext(container)
        let trip = FlakyTrip(name: "Lisbon")
        first.insert(trip)
        for place in ["Alfama", "Belém"] {
            let stop = FlakyStop(place: place)
            first.insert(stop)
            stop.trip = trip
        }
        try first.save()

        let second = ModelContext(container)
        let held = try #require(try second.fetch(FetchDescriptor<FlakyTrip>()).first)
        // The cascade's read of the stops fails; a read after it would succeed.
        configuration.rows.withLock { $0.failingStopReads = 1 }
        second.delete(held)
        #expect(throws: SwiftDataError.relationshipNotLoaded(entity: "", relationship: "", reason: "")) {
            try second.save()
        }

        let stops = try ModelContext(container).fetch(FetchDescriptor<FlakyStop>())
        #expect(stops.map { "\($0.place) \($0.trip?.name ?? "-")" }.sorted() == ["Alfama Lisbon", "Belém Lisbon"])
    }
}
