import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

// A lightweight migration in which a relationship's inverse moves to another property:
// the links must be carried over (a rename with `originalName`) or the migration refused,
// never dropped.

/// V1: `Trip.stops <-> Stop.trip` (the links are `Stop.trip`'s column) and
/// `Trip.tags <-> Tag.trips` (the join table `Tag_trips`).
enum TripsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Trip.self, Stop.self, Tag.self]

    @Model
    final class Trip {
        var name: String
        @Relationship(inverse: \Stop.trip) var stops: [Stop] = []
        @Relationship(inverse: \Tag.trips) var tags: [Tag] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Stop {
        var name: String
        var trip: Trip?
        init(name: String) { self.name = name }
    }

    @Model
    final class Tag {
        var name: String
        var trips: [Trip] = []
        init(name: String) { self.name = name }
    }
}

/// V2: `Stop.trip` removed and `Stop.journey` added as `Trip.stops`'s inverse, without
/// `originalName`: nothing says that `journey` is `trip`.
enum TripsV2Moved: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Trip.self, Stop.self, Tag.self]

    @Model
    final class Trip {
        var name: String
        @Relationship(inverse: \Stop.journey) var stops: [Stop] = []
        @Relationship(inverse: \Tag.trips) var tags: [Tag] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Stop {
        var name: String
        var journey: Trip?
        init(name: String) { self.name = name }
    }

    @Model
    final class Tag {
        var name: String
        var trips: [Trip] = []
        init(name: String) { self.name = name }
    }
}

/// V2: the inverses renamed with `originalName`: `Stop.journey` was `Stop.trip`, and
/// `Tag.tours` was `Tag.trips`.
enum TripsV2Renamed: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Trip.self, Stop.self, Tag.self]

    @Model
    final class Trip {
        var name: String
        @Relationship(inverse: \Stop.journey) var stops: [Stop] = []
        @Relationship(inverse: \Tag.tours) var tags: [Tag] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Stop {
        var name: String
        @Relationship(originalName: "trip") var journey: Trip?
        init(name: String) { self.name = name }
    }

    @Model
    final class Tag {
        var name: String
        @Relationship(originalName: "trips") var tours: [Trip] = []
        init(name: String) { self.name = name }
    }
}

/// V2: `Tag.trips` removed and `Tag.tours` added as `Trip.tags`'s inverse, without
/// `originalName`.
enum TripsV2TagsMoved: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Trip.self, Stop.self, Tag.self]

    @Model
    final class Trip {
        var name: String
        @Relationship(inverse: \Stop.trip) var stops: [Stop] = []
        @Relationship(inverse: \Tag.tours) var tags: [Tag] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Stop {
        var name: String
        var trip: Trip?
        init(name: String) { self.name = name }
    }

    @Model
    final class Tag {
        var name: String
        var tours: [Trip] = []
        init(name: String) { self.name = name }
    }
}

enum TripsMovedPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TripsV1.self, TripsV2Moved.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: TripsV1.self, toVersion: TripsV2Moved.self)]
}

enum TripsRenamedPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TripsV1.self, TripsV2Renamed.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: TripsV1.self, toVersion: TripsV2Renamed.self)
    ]
}

enum TripsTagsMovedPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TripsV1.self, TripsV2TagsMoved.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: TripsV1.self, toVersion: TripsV2TagsMoved.self)
    ]
}

/// V2 of a custom stage that deletes a stop (and its link) on purpose before the
/// inverse moves with `originalName`.
enum TripsDeletingPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [TripsV1.self, TripsV2Renamed.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: TripsV1.self, toVersion: TripsV2Renamed.self,
            willMigrate: { context in
                for stop in try context.fetch(FetchDescriptor<TripsV1.Stop>()) where stop.name == "Pisa" {
                    context.delete(stop)
                }
                try context.save()
            },
            didMigrate: nil)
    ]
}

@Suite("Lightweight migrations that move a relationship's inverse keep or refuse its links")
struct InverseMoveMigrationTests {
    /// Two trips with three stops and three tag links, at V1.
    private func makeV1Store(_ url: URL) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: TripsV1.self), configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        let italy = TripsV1.Trip(name: "Italy")
        let norway = TripsV1.Trip(name: "Norway")
        context.insert(italy)
        context.insert(norway)
        italy.stops = [TripsV1.Stop(name: "Pisa"), TripsV1.Stop(name: "Siena")]
        norway.stops = [TripsV1.Stop(name: "Bergen")]
        let sea = TripsV1.Tag(name: "sea")
        let art = TripsV1.Tag(name: "art")
        italy.tags = [sea, art]
        norway.tags = [sea]
        try context.save()
    }

    private func open(_ url: URL, _ plan: any SchemaMigrationPlan.Type) throws -> ModelContainer {
        try ModelContainer(
            for: Schema(versionedSchema: plan.schemas[plan.schemas.count - 1]), migrationPlan: plan,
            configurations: [ModelConfiguration(url: url)])
    }

    @Test("the to-one inverse replaced without originalName: refused, naming the relationship, file unchanged")
    func toOneInverseMovedIsRefused() throws {
        let folder = TemporaryFolder()
        let url = folder.file("trips.sqlite")
        try makeV1Store(url)
        let before = try fileBytes(url)
        var message = ""
        #expect {
            _ = try open(url, TripsMovedPlan.self)
        } throws: { error in
            guard let error = error as? SwiftDataError,
                case .refusedChange(let entity, let property, _, _) = error.cause
            else { return false }
            message = error.description
            return entity == "Trip" && property == "stops"
        }
        #expect(message.contains("originalName"))
        #expect(message.contains("3"))
        #expect(try fileBytes(url) == before)
        // The store still opens at V1 with every link.
        let context = ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: TripsV1.self), configurations: [ModelConfiguration(url: url)]))
        let trips = try context.fetch(FetchDescriptor<TripsV1.Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { Set($0.stops.map(\.name)) } == [["Pisa", "Siena"], ["Bergen"]])
    }

    @Test("the inverses renamed with originalName: every link is carried over")
    func renamedInversesKeepLinks() throws {
        let folder = TemporaryFolder()
        let url = folder.file("trips.sqlite")
        try makeV1Store(url)
        let context = ModelContext(try open(url, TripsRenamedPlan.self))
        let trips = try context.fetch(FetchDescriptor<TripsV2Renamed.Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { Set($0.stops.map(\.name)) } == [["Pisa", "Siena"], ["Bergen"]])
        #expect(trips.map { Set($0.tags.map(\.name)) } == [["sea", "art"], ["sea"]])
        let stops = try context.fetch(FetchDescriptor<TripsV2Renamed.Stop>(sortBy: [SortDescriptor(\.name)]))
        #expect(stops.map { $0.journey?.name } == ["Norway", "Italy", "Italy"])
        let tags = try context.fetch(FetchDescriptor<TripsV2Renamed.Tag>(sortBy: [SortDescriptor(\.name)]))
        #expect(tags.map { Set($0.tours.map(\.name)) } == [["Italy"], ["Italy", "Norway"]])
    }

    @Test("the to-many inverse replaced without originalName: the kept side's links move to the new join table")
    func toManyInverseMovedKeepsLinks() throws {
        let folder = TemporaryFolder()
        let url = folder.file("trips.sqlite")
        try makeV1Store(url)
        // `Trip.tags` is kept: its links move from `Tag_trips` to `Tag_tours` (checked by
        // the move, and counted by the safety net).
        let context = ModelContext(try open(url, TripsTagsMovedPlan.self))
        let trips = try context.fetch(FetchDescriptor<TripsV2TagsMoved.Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { Set($0.tags.map(\.name)) } == [["sea", "art"], ["sea"]])
        let tags = try context.fetch(FetchDescriptor<TripsV2TagsMoved.Tag>(sortBy: [SortDescriptor(\.name)]))
        #expect(tags.map { Set($0.tours.map(\.name)) } == [["Italy"], ["Italy", "Norway"]])
    }

    @Test("links deleted on purpose by a custom stage are not counted as lost")
    func customStageDeletionsAreExpected() throws {
        let folder = TemporaryFolder()
        let url = folder.file("trips.sqlite")
        try makeV1Store(url)
        let context = ModelContext(try open(url, TripsDeletingPlan.self))
        let trips = try context.fetch(FetchDescriptor<TripsV2Renamed.Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { Set($0.stops.map(\.name)) } == [["Siena"], ["Bergen"]])
    }
}
