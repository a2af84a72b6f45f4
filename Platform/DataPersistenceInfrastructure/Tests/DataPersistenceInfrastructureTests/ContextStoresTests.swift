import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

/// The store lifecycle every context's factory is built on: each declared store opened
/// once, by its kind's policy, and served by one actor.
@Suite("ContextStores: one open store and one actor per declared store")
struct ContextStoresTests {
    static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-test-cache.sqlite", name: "cache", models: [CachedMovie.self])
    static let historyStore = StoreDescription.userData(
        fileName: "popcorn-search-cloudkit.sqlite", name: "history",
        schema: Schema(versionedSchema: HistorySchemaV1.self), migrationPlan: HistoryMigrationPlan.self,
        legacyFileName: "searchkit-cloudkit.sqlite")

    let folder = TemporaryFolder()
    let log = LogRecorder(label: "ContextStoresTests")

    var locations: StoreLocations { StoreLocations(under: folder.url) }

    func makeStores() -> ContextStores {
        ContextStores([Self.cacheStore, Self.historyStore], locations: locations, logger: log.logger)
    }

    @Test("fresh install: with no folder and no file, each store is created in its kind's folder")
    func freshInstall() throws {
        #expect(!fileExists(folder.cacheDirectory))
        let stores = makeStores()
        try stores.open(onFailure: .throwing)
        #expect(fileExists(folder.cacheDirectory.appending(path: "popcorn-test-cache.sqlite")))
        #expect(fileExists(folder.dataDirectory.appending(path: "popcorn-search-cloudkit.sqlite")))
        #expect(stores.url(of: Self.cacheStore) == Self.cacheStore.url(in: locations))
        #expect(log.warnings.isEmpty)
        let history = try stores.actor(for: Self.historyStore).modelContainer
        #expect(history.configurations.first?.cloudKitDatabase == StoreDescription.iCloudContainer)
        #expect(history.migrationPlan.map(ObjectIdentifier.init) == ObjectIdentifier(HistoryMigrationPlan.self))
    }

    @Test("each store is opened once: the same actor and container however often it is asked for")
    func openedOnce() throws {
        let stores = makeStores()
        let first = try stores.open(Self.cacheStore, onFailure: .throwing)
        try stores.open(onFailure: .throwing)
        #expect(try stores.actor(for: Self.cacheStore) === first)
        #expect(try stores.actor(for: Self.cacheStore).modelContainer === first.modelContainer)
        #expect(try stores.actor(for: Self.historyStore) !== first)
    }

    @Test(
        "one owner per store file in a process: a second ContextStores over the same folder, spelled another way, gets the same actor and container"
    )
    func oneOwnerPerFile() throws {
        let stores = makeStores()
        let first = try stores.actor(for: Self.historyStore)
        let otherSpelling = StoreLocations(under: folder.url.appending(path: "data/..", directoryHint: .isDirectory))
        let other = ContextStores([Self.historyStore], locations: otherSpelling, logger: log.logger)
        #expect(try other.actor(for: Self.historyStore) === first)
        #expect(try other.actor(for: Self.historyStore).modelContainer === first.modelContainer)
    }

    @Test("once no ContextStores holds a store's owner, the store closes, and the next open makes a new owner")
    func ownerReleased() throws {
        weak var released: StoreActor?
        do {
            let stores = makeStores()
            released = try stores.actor(for: Self.historyStore)
            #expect(released != nil)
        }
        #expect(released == nil)
        let stores = makeStores()
        let reopened = try stores.actor(for: Self.historyStore)
        #expect(try stores.actor(for: Self.historyStore) === reopened)
    }

    @Test("work on the actor runs with its context, and what it saves is seen by every reader")
    func perform() async throws {
        let stores = makeStores()
        let actor = try stores.actor(for: Self.cacheStore)
        let titles = try await actor.perform { context in
            context.insert(CachedMovie(movieID: 1, title: "Alien"))
            try context.save()
            return try context.fetch(FetchDescriptor<CachedMovie>()).map(\.title)
        }
        #expect(titles == ["Alien"])
        #expect(try StoreReading.count(CachedMovie.self, in: actor.modelContainer) == 1)
    }

    @Test("a cache file deleted by hand is created again by the next process's stores")
    func deletedByHand() throws {
        try makeStores().open(onFailure: .throwing)
        let url = Self.cacheStore.url(in: locations)
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!fileExists(url))
        let stores = makeStores()
        try stores.open(Self.cacheStore, onFailure: .throwing)
        #expect(fileExists(url))
        #expect(try StoreReading.count(CachedMovie.self, in: stores.actor(for: Self.cacheStore).modelContainer) == 0)
    }

    @Test("the context's logger receives the warning when a damaged cache is deleted and created again")
    func warningToContextLogger() throws {
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        try Data("this is not an SQLite database, just text".utf8).write(to: Self.cacheStore.url(in: locations))
        let stores = makeStores()
        #expect(stores.logger.label == "ContextStoresTests")
        try stores.open(Self.cacheStore, onFailure: .throwing)
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.contains("popcorn-test-cache.sqlite") == true)
        #expect(log.warnings.first?.contains("deleting its files") == true)
    }

    @Test("opening throws, without trapping, when a store cannot be created at all; a later open tries again")
    func throwsWhenUnusable() throws {
        // A plain file where the cache folder should be: nothing can be created in it.
        try Data("a file, not a folder".utf8).write(to: folder.cacheDirectory)
        let stores = makeStores()
        #expect(throws: ModelContainerFactoryError.self) { try stores.open(onFailure: .throwing) }
        #expect(log.warnings.count == 1)
        try FileManager.default.removeItem(at: folder.cacheDirectory)
        try stores.open(onFailure: .throwing)
        #expect(fileExists(Self.cacheStore.url(in: locations)))
    }

    @Test("a user store's legacy file is relocated when the store is opened, every row kept")
    func relocatesLegacyFile() throws {
        let legacy = try #require(Self.historyStore.legacyURL(in: locations))
        try FileManager.default.createDirectory(at: folder.dataDirectory, withIntermediateDirectories: true)
        try writeStore(at: legacy, schema: Self.historyStore.schema, cloudKitDatabase: popcornCloudKitDatabase) {
            [HistoryEntry(mediaID: 5), HistoryEntry(mediaID: 6)]
        }
        let stores = makeStores()
        try stores.open(Self.historyStore, onFailure: .throwing)
        #expect(!fileExists(legacy))
        #expect(try historyMediaIDs(in: stores.actor(for: Self.historyStore).modelContainer) == [5, 6])
        #expect(log.messages.contains { $0.contains("Moved the legacy store") })
    }

    @Test("a legacy store that cannot be relocated fails a throwing open; a trapping open logs it and goes on")
    func relocationFailurePolicy() {
        #expect(StoreFailureHandling.throwing.failsOnRelocation)
        #expect(!StoreFailureHandling.trap.failsOnRelocation)
        let inUse = LegacyStoreRelocationError.storeInUse(url: URL(fileURLWithPath: "/d/searchkit-cloudkit.sqlite"))
        let failure = StoreFailureHandling.throwing.handle(.legacyStoreRelocationFailed(inUse))
        #expect(failure.storeURL.path == "/d/searchkit-cloudkit.sqlite")
        #expect(failure.storeFilesUntouched)
        #expect(failure.description == inUse.description)
        #expect(failure.underlyingError is LegacyStoreRelocationError)
    }

    @Test("actor(for:) throws, without trapping, when the store cannot be created; a later call tries again")
    func actorThrows() throws {
        // A plain file where the cache folder should be: nothing can be created in it.
        try Data("a file, not a folder".utf8).write(to: folder.cacheDirectory)
        let stores = makeStores()
        #expect {
            try stores.actor(for: Self.cacheStore)
        } throws: { error in
            (error as? ModelContainerFactoryError)?.description.contains("Cannot create the cache store") == true
        }
        try FileManager.default.removeItem(at: folder.cacheDirectory)
        let actor = try stores.actor(for: Self.cacheStore)
        #expect(try stores.actor(for: Self.cacheStore) === actor)
    }
}

@Suite("StoreActor: cache entries read and replaced on the store's actor")
struct StoreActorCacheEntryTests {
    static let store = StoreDescription.cache(fileName: "pages.sqlite", name: "pages", models: [CachedPage.self])

    static func page(_ key: String) -> FetchDescriptor<CachedPage> {
        FetchDescriptor(predicate: #Predicate { $0.key == key })
    }

    @Test("a miss is nil; a replaced entry is read back with its time, and replacing again leaves one")
    func readAndReplace() async throws {
        let folder = TemporaryFolder()
        let stores = ContextStores([Self.store], locations: StoreLocations(under: folder.url), logger: .quiet)
        let actor = try stores.actor(for: Self.store)
        let stamp = Date(timeIntervalSinceReferenceDate: 42)
        #expect(try await actor.cachedValue(Self.page("a")) { $0.items } == nil)
        try await actor.replace(Self.page("a")) { CachedPage(key: "a", items: ["1", "2"], cachedAt: stamp) }
        try await actor.replace(Self.page("b")) { CachedPage(key: "b", items: ["x"], cachedAt: stamp) }
        try await actor.replace(Self.page("a")) { CachedPage(key: "a", items: ["3"], cachedAt: stamp + 60) }
        let cached = try await actor.cachedValue(Self.page("a")) { $0.items }
        #expect(cached?.value == ["3"])
        #expect(cached?.cachedAt == stamp + 60)
        #expect(try StoreReading.count(CachedPage.self, in: actor.modelContainer) == 2)
    }
}
