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
    func freshInstall() async throws {
        #expect(!fileExists(folder.cacheDirectory))
        let stores = makeStores()
        try await stores.open(onFailure: .throwing)
        #expect(fileExists(folder.cacheDirectory.appending(path: "popcorn-test-cache.sqlite")))
        #expect(fileExists(folder.dataDirectory.appending(path: "popcorn-search-cloudkit.sqlite")))
        #expect(stores.url(of: Self.cacheStore) == Self.cacheStore.url(in: locations))
        #expect(log.warnings.isEmpty)
        let history = try await stores.actor(for: Self.historyStore).modelContainer
        #expect(history.configurations.first?.cloudKitDatabase == StoreDescription.iCloudContainer)
        #expect(history.migrationPlan.map(ObjectIdentifier.init) == ObjectIdentifier(HistoryMigrationPlan.self))
    }

    @Test("each store is opened once: the same actor and container however often it is asked for")
    func openedOnce() async throws {
        let stores = makeStores()
        let first = try await stores.open(Self.cacheStore, onFailure: .throwing)
        try await stores.open(onFailure: .throwing)
        #expect(try await stores.actor(for: Self.cacheStore) === first)
        #expect(try await stores.actor(for: Self.cacheStore).modelContainer === first.modelContainer)
        #expect(try await stores.actor(for: Self.historyStore) !== first)
    }

    @Test(
        "one owner per store file in a process: a second ContextStores over the same folder, spelled another way, gets the same actor and container"
    )
    func oneOwnerPerFile() async throws {
        let stores = makeStores()
        let first = try await stores.actor(for: Self.historyStore)
        let otherSpelling = StoreLocations(under: folder.url.appending(path: "data/..", directoryHint: .isDirectory))
        let other = ContextStores([Self.historyStore], locations: otherSpelling, logger: log.logger)
        #expect(try await other.actor(for: Self.historyStore) === first)
        #expect(try await other.actor(for: Self.historyStore).modelContainer === first.modelContainer)
    }

    @Test(
        "one owner per store file when many tasks open it at once: each task's ContextStores gets the same actor and container"
    )
    func concurrentFirstOpens() async throws {
        let locations = self.locations
        let logger = log.logger
        let actors = try await withThrowingTaskGroup(of: StoreActor.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await ContextStores([Self.historyStore], locations: locations, logger: logger)
                        .actor(for: Self.historyStore)
                }
            }
            return try await group.reduce(into: [StoreActor]()) { $0.append($1) }
        }
        #expect(actors.count == 16)
        #expect(actors.allSatisfy { $0 === actors[0] && $0.modelContainer === actors[0].modelContainer })
    }

    @Test("once no ContextStores holds a store's owner, the store closes, and the next open makes a new owner")
    func ownerReleased() async throws {
        weak var released: StoreActor?
        do {
            let stores = makeStores()
            released = try await stores.actor(for: Self.historyStore)
            #expect(released != nil)
        }
        #expect(released == nil)
        let stores = makeStores()
        let reopened = try await stores.actor(for: Self.historyStore)
        #expect(try await stores.actor(for: Self.historyStore) === reopened)
    }

    @Test("work on the actor runs with its context, and what it saves is seen by every reader")
    func perform() async throws {
        let stores = makeStores()
        let actor = try await stores.actor(for: Self.cacheStore)
        let titles = try await actor.perform { context in
            context.insert(CachedMovie(movieID: 1, title: "Alien"))
            try context.save()
            return try context.fetch(FetchDescriptor<CachedMovie>()).map(\.title)
        }
        #expect(titles == ["Alien"])
        #expect(try StoreReading.count(CachedMovie.self, in: actor.modelContainer) == 1)
    }

    @Test("a cache file deleted by hand is created again by the next process's stores")
    func deletedByHand() async throws {
        try await makeStores().open(onFailure: .throwing)
        let url = Self.cacheStore.url(in: locations)
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!fileExists(url))
        let stores = makeStores()
        try await stores.open(Self.cacheStore, onFailure: .throwing)
        #expect(fileExists(url))
        #expect(
            try await StoreReading.count(CachedMovie.self, in: stores.actor(for: Self.cacheStore).modelContainer) == 0)
    }

    @Test("the context's logger receives the warning when a damaged cache is deleted and created again")
    func warningToContextLogger() async throws {
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        try Data("this is not an SQLite database, just text".utf8).write(to: Self.cacheStore.url(in: locations))
        let stores = makeStores()
        #expect(stores.logger.label == "ContextStoresTests")
        try await stores.open(Self.cacheStore, onFailure: .throwing)
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.contains("popcorn-test-cache.sqlite") == true)
        #expect(log.warnings.first?.contains("deleting its files") == true)
    }

    @Test("opening throws, without trapping, when a store cannot be created at all; a later open tries again")
    func throwsWhenUnusable() async throws {
        // A plain file where the cache folder should be: nothing can be created in it.
        try Data("a file, not a folder".utf8).write(to: folder.cacheDirectory)
        let stores = makeStores()
        await #expect(throws: ModelContainerFactoryError.self) { try await stores.open(onFailure: .throwing) }
        #expect(log.warnings.count == 1)
        try FileManager.default.removeItem(at: folder.cacheDirectory)
        try await stores.open(onFailure: .throwing)
        #expect(fileExists(Self.cacheStore.url(in: locations)))
    }

    @Test("a user store's legacy file is relocated when the store is opened, every row kept")
    func relocatesLegacyFile() async throws {
        let legacy = try #require(Self.historyStore.legacyURL(in: locations))
        try FileManager.default.createDirectory(at: folder.dataDirectory, withIntermediateDirectories: true)
        try writeStore(at: legacy, schema: Self.historyStore.schema, cloudKitDatabase: popcornCloudKitDatabase) {
            [HistoryEntry(mediaID: 5), HistoryEntry(mediaID: 6)]
        }
        let stores = makeStores()
        try await stores.open(Self.historyStore, onFailure: .throwing)
        #expect(!fileExists(legacy))
        #expect(try await historyMediaIDs(in: stores.actor(for: Self.historyStore).modelContainer) == [5, 6])
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
    func actorThrows() async throws {
        // A plain file where the cache folder should be: nothing can be created in it.
        try Data("a file, not a folder".utf8).write(to: folder.cacheDirectory)
        let stores = makeStores()
        await #expect {
            try await stores.actor(for: Self.cacheStore)
        } throws: { error in
            (error as? ModelContainerFactoryError)?.description.contains("Cannot create the cache store") == true
        }
        try FileManager.default.removeItem(at: folder.cacheDirectory)
        let actor = try await stores.actor(for: Self.cacheStore)
        #expect(try await stores.actor(for: Self.cacheStore) === actor)
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
        let actor = try await stores.actor(for: Self.store)
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
