import Foundation
import SwiftData
import Synchronization
import Testing

// A container on the JSON store of WWDC24's custom data store session
// (CustomDataStoreSample.swift): the app's code is the same as with a ModelConfiguration.

@Model
final class Postcard {
    var message: String
    init(message: String) { self.message = message }
}

@Model
final class PhotoAlbum {
    var title: String
    @Relationship(inverse: \AlbumPhoto.album) var photos: [AlbumPhoto] = []
    init(title: String) { self.title = title }
}

@Model
final class AlbumPhoto {
    var caption: String
    var album: PhotoAlbum?
    init(caption: String) { self.caption = caption }
}

@Model
final class Kennel {
    var name: String
    @Relationship(deleteRule: .deny, inverse: \KennelDog.kennel) var dogs: [KennelDog] = []
    init(name: String) { self.name = name }
}

@Model
final class KennelDog {
    var name: String
    var kennel: Kennel?
    init(name: String) { self.name = name }
}

@Suite("Custom data stores")
struct CustomDataStoreTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "JSONStore-\(UUID().uuidString)")
    private var fileURL: URL { folder.appending(path: "trips.json") }
    private var schema: Schema { Schema([PlannedTrip.self, BucketListItem.self, LivingAccommodation.self]) }

    @Test("a save to a custom store refuses a deletion that .deny forbids, and the store keeps the model")
    func denyInCustomStore() throws {
        let schema = Schema([Kennel.self, KennelDog.self])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = JSONStoreConfiguration(
            name: "JSONStore", schema: schema, fileURL: folder.appending(path: "kennels.json"))
        let container = try ModelContainer(for: schema, configurations: [configuration])
        let context = ModelContext(container)
        let kennel = Kennel(name: "North")
        context.insert(kennel)
        let dog = KennelDog(name: "Rex")
        context.insert(dog)
        dog.kennel = kennel
        try context.save()

        context.delete(kennel)
        #expect(throws: SwiftDataError.self) { try context.save() }
        let fresh = ModelContext(container)
        #expect(try fresh.fetch(FetchDescriptor<Kennel>()).map(\.name) == ["North"])
        #expect(try fresh.fetch(FetchDescriptor<KennelDog>()).first?.kennel?.name == "North")
    }

    private func makeContainer(fileURL: URL? = nil) throws -> ModelContainer {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = JSONStoreConfiguration(name: "JSONStore", schema: schema, fileURL: fileURL ?? self.fileURL)
        return try ModelContainer(for: schema, configurations: [configuration])
    }

    private func removeFolder() { try? FileManager.default.removeItem(at: folder) }

    /// Inserts three trips, the first with two bucket-list items and a place to stay.
    private func insertTrips(into context: ModelContext) {
        let paris = PlannedTrip(
            name: "Spring in Paris", destination: "Paris", startDate: Date(timeIntervalSince1970: 300))
        paris.bucketList = [
            BucketListItem(title: "Louvre", details: "Mona Lisa", hasReservation: true, isInPlan: true),
            BucketListItem(title: "Seine", details: "Boat ride", hasReservation: false, isInPlan: true),
        ]
        paris.livingAccommodation = LivingAccommodation(address: "1 Rue de Rivoli", placeName: "Hotel Rivoli")
        context.insert(paris)
        context.insert(
            PlannedTrip(name: "Rome weekend", destination: "Rome", startDate: Date(timeIntervalSince1970: 100)))
        context.insert(
            PlannedTrip(name: "Paris again", destination: "Paris", startDate: Date(timeIntervalSince1970: 200)))
    }

    @Test func savedModelsAreReadBackByAFreshContainerFromTheJSONFile() throws {
        defer { removeFolder() }
        do {
            let context = ModelContext(try makeContainer())
            insertTrips(into: context)
            try context.save()
            #expect(!context.hasChanges)
        }
        let data = try Data(contentsOf: fileURL)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode([DefaultSnapshot].self, from: data).count == 6)

        let context = ModelContext(try makeContainer())
        let trips = try context.fetch(FetchDescriptor<PlannedTrip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map(\.name) == ["Paris again", "Rome weekend", "Spring in Paris"])
        let paris = try #require(trips.last)
        #expect(paris.destination == "Paris")
        #expect(paris.startDate == Date(timeIntervalSince1970: 300))
        #expect(paris.bucketList.map(\.title).sorted() == ["Louvre", "Seine"])
        #expect(paris.bucketList.first { $0.title == "Louvre" }?.hasReservation == true)
        #expect(paris.livingAccommodation?.placeName == "Hotel Rivoli")
        #expect(try context.fetchCount(FetchDescriptor<BucketListItem>()) == 2)
        // One model per identifier in a context.
        let again = try context.fetch(
            FetchDescriptor<PlannedTrip>(predicate: #Predicate { $0.name == "Spring in Paris" }))
        #expect(again.first === paris)
    }

    @Test func aFetchFiltersSortsAndLimitsWhatTheStoreLeavesToTheContext() throws {
        defer { removeFolder() }
        let context = ModelContext(try makeContainer())
        insertTrips(into: context)
        try context.save()

        var descriptor = FetchDescriptor<PlannedTrip>(
            predicate: #Predicate { $0.destination == "Paris" }, sortBy: [SortDescriptor(\.startDate, order: .reverse)])
        #expect(try context.fetch(descriptor).map(\.name) == ["Spring in Paris", "Paris again"])
        descriptor.fetchLimit = 1
        #expect(try context.fetch(descriptor).map(\.name) == ["Spring in Paris"])
        descriptor.fetchOffset = 1
        #expect(try context.fetch(descriptor).map(\.name) == ["Paris again"])
        #expect(
            try context.fetchCount(FetchDescriptor<PlannedTrip>(predicate: #Predicate { $0.destination == "Rome" }))
                == 1)

        var sorted = FetchDescriptor<PlannedTrip>(sortBy: [SortDescriptor(\.startDate)])
        sorted.fetchLimit = 2
        #expect(try context.fetch(sorted).map(\.name) == ["Rome weekend", "Paris again"])
        var limited = FetchDescriptor<PlannedTrip>()
        limited.fetchLimit = 2
        #expect(try context.fetch(limited).count == 2)

        // Unsaved changes count, as with a SQLite store.
        context.insert(
            PlannedTrip(name: "Paris in winter", destination: "Paris", startDate: Date(timeIntervalSince1970: 400)))
        let rome = try #require(
            try context.fetch(FetchDescriptor<PlannedTrip>(predicate: #Predicate { $0.name == "Rome weekend" })).first)
        rome.destination = "Paris"
        let paris = FetchDescriptor<PlannedTrip>(
            predicate: #Predicate { $0.destination == "Paris" }, sortBy: [SortDescriptor(\.startDate)])
        #expect(
            try context.fetch(paris).map(\.name) == [
                "Rome weekend", "Paris again", "Spring in Paris", "Paris in winter",
            ])
    }

    @Test func updatesAndDeletesAreSavedAndRollbackRestores() throws {
        defer { removeFolder() }
        do {
            let context = ModelContext(try makeContainer())
            insertTrips(into: context)
            try context.save()
        }
        do {
            let context = ModelContext(try makeContainer())
            let trips = try context.fetch(FetchDescriptor<PlannedTrip>(sortBy: [SortDescriptor(\.name)]))
            let rome = trips[1]
            rome.name = "Rome, a long weekend"
            #expect(context.hasChanges)
            context.rollback()
            #expect(rome.name == "Rome weekend")
            #expect(!context.hasChanges)

            rome.name = "Rome, a long weekend"
            context.delete(trips[2])
            let saved = Mutex<[PersistentIdentifier]>([])
            let observer = NotificationCenter.default.addObserver(
                forName: ModelContext.didSave, object: context, queue: nil
            ) { notification in
                let userInfo = notification.userInfo ?? [:]
                let updated =
                    userInfo[ModelContext.NotificationKey.updatedIdentifiers.rawValue] as? [PersistentIdentifier]
                let deleted =
                    userInfo[ModelContext.NotificationKey.deletedIdentifiers.rawValue] as? [PersistentIdentifier]
                saved.withLock { $0 += (updated ?? []) + (deleted ?? []) }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            let expected = Set([rome.persistentModelID, trips[2].persistentModelID])
            try context.save()
            #expect(!context.hasChanges)
            #expect(Set(saved.withLock { $0 }).isSuperset(of: expected))
        }
        let context = ModelContext(try makeContainer())
        #expect(
            try context.fetch(FetchDescriptor<PlannedTrip>(sortBy: [SortDescriptor(\.name)])).map(\.name) == [
                "Paris again", "Rome, a long weekend",
            ])
        // The cascade took the deleted trip's items and place to stay.
        #expect(try context.fetchCount(FetchDescriptor<BucketListItem>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<LivingAccommodation>()) == 0)
    }

    @Test func relationshipsAreReadAndChangedFromBothSides() throws {
        defer { removeFolder() }
        do {
            let context = ModelContext(try makeContainer())
            insertTrips(into: context)
            try context.save()
        }
        do {
            let context = ModelContext(try makeContainer())
            let louvre = try #require(
                try context.fetch(FetchDescriptor<BucketListItem>(predicate: #Predicate { $0.title == "Louvre" })).first
            )
            #expect(louvre.trip?.name == "Spring in Paris")
            #expect(louvre.trip?.bucketList.contains { $0 === louvre } == true)
            let place = try #require(try context.fetch(FetchDescriptor<LivingAccommodation>()).first)
            #expect(place.trip === louvre.trip)
            let rome = try #require(
                try context.fetch(FetchDescriptor<PlannedTrip>(predicate: #Predicate { $0.name == "Rome weekend" }))
                    .first)
            louvre.trip = rome
            #expect(rome.bucketList.map(\.title) == ["Louvre"])
            try context.save()
        }
        let context = ModelContext(try makeContainer())
        let trips = try context.fetch(FetchDescriptor<PlannedTrip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips[1].bucketList.map(\.title) == ["Louvre"])
        #expect(trips[2].bucketList.map(\.title) == ["Seine"])
        let louvre = try #require(trips[1].bucketList.first)
        #expect(louvre.trip === trips[1])
    }

    @Test func insertedModelsTakeTheIdentifiersTheStoreGives() throws {
        defer { removeFolder() }
        let context = ModelContext(try makeContainer())
        let trip = PlannedTrip(name: "Lisbon", destination: "Lisbon")
        let item = BucketListItem(title: "Tram 28", details: "", hasReservation: false, isInPlan: true)
        trip.bucketList.append(item)
        context.insert(trip)
        let temporary = trip.persistentModelID
        #expect(temporary.storeIdentifier == nil)
        try context.save()

        let permanent = trip.persistentModelID
        #expect(permanent != temporary)
        #expect(permanent.storeIdentifier == "trips.json")
        #expect(permanent.entityName == "PlannedTrip")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let stored = try decoder.decode([DefaultSnapshot].self, from: Data(contentsOf: fileURL))
        #expect(Set(stored.map(\.persistentIdentifier)) == [permanent, item.persistentModelID])
        #expect((context.registeredModel(for: permanent) as PlannedTrip?) === trip)
        // An identifier survives coding, and names the model in another container.
        let coded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(permanent))
        #expect(coded == permanent)
        let other = ModelContext(try makeContainer())
        let read = try #require(other.model(for: coded) as? PlannedTrip)
        #expect(read.name == "Lisbon")
        // The item's link to the trip was written with the trip's permanent identifier.
        #expect(read.bucketList.map(\.persistentModelID) == [item.persistentModelID])
        #expect(read.bucketList.first?.trip === read)
    }

    @Test func identifiersOfSQLiteStoresKeepTheirCodedForm() throws {
        let container = try ModelContainer(
            for: Postcard.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let postcard = Postcard(message: "Hello")
        context.insert(postcard)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let temporary = String(decoding: try encoder.encode(postcard.persistentModelID), as: UTF8.self)
        #expect(temporary.contains(#""key":{"temporary":{"_0":"#))
        try context.save()
        let permanent = try encoder.encode(postcard.persistentModelID)
        #expect(String(decoding: permanent, as: UTF8.self).contains(#""key":{"permanent":{"_0":1}}"#))
        #expect(try JSONDecoder().decode(PersistentIdentifier.self, from: permanent) == postcard.persistentModelID)
    }

    @Test func anErrorOfTheStoreReachesTheCallerAndTheContextKeepsItsChanges() throws {
        defer { removeFolder() }
        let missingFolder = folder.appending(path: "not-yet")
        let context = ModelContext(try makeContainer(fileURL: missingFolder.appending(path: "trips.json")))
        let trip = PlannedTrip(name: "Oslo", destination: "Oslo")
        context.insert(trip)
        #expect(throws: (any Error).self) { try context.save() }
        #expect(context.hasChanges)
        #expect(context.insertedModelsArray.count == 1)
        #expect(trip.persistentModelID.storeIdentifier == nil)

        try FileManager.default.createDirectory(at: missingFolder, withIntermediateDirectories: true)
        try context.save()
        #expect(!context.hasChanges)
        let reread = ModelContext(try makeContainer(fileURL: missingFolder.appending(path: "trips.json")))
        #expect(try reread.fetch(FetchDescriptor<PlannedTrip>()).map(\.name) == ["Oslo"])
    }

    @Test func deletingAModelNullifiesTheInverseOfModelsNotReadYet() throws {
        defer { removeFolder() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let albums = Schema([PhotoAlbum.self, AlbumPhoto.self])
        func container() throws -> ModelContainer {
            try ModelContainer(
                for: albums,
                configurations: [JSONStoreConfiguration(name: "Albums", schema: albums, fileURL: fileURL)])
        }
        do {
            let context = ModelContext(try container())
            let album = PhotoAlbum(title: "Fjords")
            album.photos = [AlbumPhoto(caption: "Geiranger"), AlbumPhoto(caption: "Nærøy")]
            context.insert(album)
            try context.save()
        }
        let context = ModelContext(try container())
        let photos = try context.fetch(FetchDescriptor<AlbumPhoto>(sortBy: [SortDescriptor(\.caption)]))
        let album = try #require(try context.fetch(FetchDescriptor<PhotoAlbum>()).first)
        context.delete(album)
        // The photos' album, not read, was nullified: they are changed, and saved so.
        #expect(photos.allSatisfy { $0.hasChanges })
        #expect(photos.allSatisfy { $0.album == nil })
        try context.save()
        let reread = ModelContext(try container())
        #expect(try reread.fetchCount(FetchDescriptor<PhotoAlbum>()) == 0)
        #expect(try reread.fetch(FetchDescriptor<AlbumPhoto>()).map(\.caption).sorted() == ["Geiranger", "Nærøy"])
        #expect(try reread.fetch(FetchDescriptor<AlbumPhoto>()).allSatisfy { $0.album == nil })
    }

    @Test func identifiersBatchesAndEnumerationAskTheStore() throws {
        defer { removeFolder() }
        let context = ModelContext(try makeContainer())
        insertTrips(into: context)
        try context.save()
        let paris = FetchDescriptor<PlannedTrip>(
            predicate: #Predicate { $0.destination == "Paris" }, sortBy: [SortDescriptor(\.name)])
        let expected = try context.fetch(paris).map(\.persistentModelID)
        #expect(expected.count == 2)
        #expect(try context.fetchIdentifiers(paris) == expected)
        #expect(try context.fetch(paris, batchSize: 1).map(\.persistentModelID) == expected)
        var walked: [PersistentIdentifier] = []
        try context.enumerate(paris, batchSize: 1) { walked.append($0.persistentModelID) }
        #expect(walked == expected)
        try context.delete(model: PlannedTrip.self, where: #Predicate { $0.destination == "Paris" })
        try context.save()
        #expect(
            try ModelContext(try makeContainer()).fetch(FetchDescriptor<PlannedTrip>()).map(\.name) == ["Rome weekend"])
    }

    @Test func aRelationshipBetweenACustomStoreAndAnotherIsRefused() throws {
        defer { removeFolder() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: SwiftDataError.self) {
            try ModelContainer(
                for: schema,
                configurations: [
                    ModelConfiguration(
                        schema: Schema([BucketListItem.self]), url: folder.appending(path: "items.store")),
                    JSONStoreConfiguration(
                        name: "JSONStore", schema: Schema([PlannedTrip.self, LivingAccommodation.self]),
                        fileURL: fileURL),
                ])
        }
    }

    @Test func aStoreWithAnotherSnapshotTypeIsRefused() throws {
        defer { removeFolder() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: SwiftDataError.self) {
            try ModelContainer(
                for: Schema([Postcard.self]),
                configurations: [PostcardStoreConfiguration(name: "Postcards", schema: Schema([Postcard.self]))])
        }
    }

    @Test("the Custom data stores article's example: a container on the JSON store saves and fetches")
    func articleExample() throws {
        defer { removeFolder() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = fileURL
        let container = try ModelContainer(
            for: Schema([PlannedTrip.self]),
            configurations: [JSONStoreConfiguration(name: "Trips", fileURL: url)]
        )
        let context = ModelContext(container)
        context.insert(PlannedTrip(name: "Bergen", destination: "Bergen"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<PlannedTrip>()) == 1)
    }

    @Test func erasingAContainerAsksTheCustomStoreToErase() throws {
        defer { removeFolder() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = JSONStoreConfiguration(name: "JSONStore", fileURL: fileURL)
        let container = try ModelContainer(
            for: PlannedTrip.self, BucketListItem.self, LivingAccommodation.self, configurations: configuration)
        // The container gave the configuration the schema of its models.
        #expect(configuration.schema?.entities.count == 3)
        let context = ModelContext(container)
        context.insert(PlannedTrip(name: "Bergen", destination: "Bergen"))
        try context.save()
        // The sample's store does not implement `erase()`.
        #expect(throws: DataStoreError.unsupportedFeature) { try container.erase() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<PlannedTrip>()) == 1)
    }

    @Test func aContainerHoldsAModelConfigurationBesideACustomOne() throws {
        defer { removeFolder() }
        let storeURL = folder.appending(path: "postcards.store")
        func container() throws -> ModelContainer {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try ModelContainer(
                for: Schema([PlannedTrip.self, BucketListItem.self, LivingAccommodation.self, Postcard.self]),
                configurations: [
                    ModelConfiguration(schema: Schema([Postcard.self]), url: storeURL),
                    JSONStoreConfiguration(name: "JSONStore", schema: schema, fileURL: fileURL),
                ])
        }
        do {
            let context = ModelContext(try container())
            context.insert(Postcard(message: "Wish you were here"))
            insertTrips(into: context)
            try context.save()
        }
        #expect(FileManager.default.fileExists(atPath: storeURL.path))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let stored = try decoder.decode([DefaultSnapshot].self, from: Data(contentsOf: fileURL))
        #expect(!stored.contains { $0.persistentIdentifier.entityName == "Postcard" })

        let context = ModelContext(try container())
        #expect(try context.fetch(FetchDescriptor<Postcard>()).map(\.message) == ["Wish you were here"])
        #expect(try context.fetchCount(FetchDescriptor<PlannedTrip>()) == 3)
        let postcard = try #require(try context.fetch(FetchDescriptor<Postcard>()).first)
        #expect(postcard.persistentModelID.storeIdentifier != "trips.json")
    }

    /// A save is all or nothing across a SQLite store and a custom one: the custom store
    /// saves inside the SQLite transaction, last, so that a SQLite failure leaves it
    /// untouched (here: a change of a postcard another context deleted).
    @Test func aSaveThatFailsInSQLiteWritesNothingToTheCustomStore() throws {
        defer { removeFolder() }
        let storeURL = folder.appending(path: "postcards.store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let container = try ModelContainer(
            for: Schema([PlannedTrip.self, BucketListItem.self, LivingAccommodation.self, Postcard.self]),
            configurations: [
                ModelConfiguration(schema: Schema([Postcard.self]), url: storeURL),
                JSONStoreConfiguration(name: "JSONStore", schema: schema, fileURL: fileURL),
            ])
        let setUp = ModelContext(container)
        setUp.insert(Postcard(message: "Wish you were here"))
        try setUp.save()
        let context = ModelContext(container)
        let postcard = try #require(try context.fetch(FetchDescriptor<Postcard>()).first)
        let other = ModelContext(container)
        for stale in try other.fetch(FetchDescriptor<Postcard>()) { other.delete(stale) }
        try other.save()

        postcard.message = "Back home"
        context.insert(PlannedTrip(name: "Oslo", destination: "Oslo"))
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(!FileManager.default.fileExists(atPath: fileURL.path))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<PlannedTrip>()) == 0)
    }
}

/// A snapshot of its own, which OpenSwiftData does not make models from.
struct PostcardSnapshot: DataStoreSnapshot {
    var persistentIdentifier: PersistentIdentifier
    var message: String

    func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> PostcardSnapshot {
        PostcardSnapshot(persistentIdentifier: persistentIdentifier, message: message)
    }
}

struct PostcardStoreConfiguration: DataStoreConfiguration {
    typealias Store = PostcardStore
    var name: String
    var schema: Schema?

    static func == (lhs: PostcardStoreConfiguration, rhs: PostcardStoreConfiguration) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

final class PostcardStore: DataStore {
    typealias Snapshot = PostcardSnapshot
    let configuration: PostcardStoreConfiguration
    var name: String { configuration.name }
    var schema: Schema { configuration.schema ?? Schema([]) }
    var identifier: String { configuration.name }

    init(_ configuration: PostcardStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> DataStoreFetchResult<T, PostcardSnapshot>
    {
        DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: [])
    }

    func save(_ request: DataStoreSaveChangesRequest<PostcardSnapshot>) throws
        -> DataStoreSaveChangesResult<PostcardSnapshot>
    {
        DataStoreSaveChangesResult(for: identifier)
    }
}
