import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

/// `ContextStores.open(_:access: .readOnly, onFailure:)`: an existing store read without
/// being created, migrated, recreated or relocated.
@Suite("Opening a store read-only")
struct ReadOnlyOpeningTests {
    let folder = TemporaryFolder()
    let log = LogRecorder(label: "ReadOnlyOpeningTests")

    var locations: StoreLocations { StoreLocations(under: folder.url) }

    func makeStores() -> ContextStores {
        ContextStores(
            [ContextStoresTests.cacheStore, ContextStoresTests.historyStore], locations: locations, logger: log.logger)
    }

    /// The store's main file and write-ahead log, as bytes (an empty log for none: in a
    /// writable folder, SQLite gives a reader an empty `-wal` and a `-shm` index).
    func files(_ store: StoreDescription) -> [Data] {
        let url = store.url(in: locations)
        return [url, URL(fileURLWithPath: url.path + "-wal")].map { (try? Data(contentsOf: $0)) ?? Data() }
    }

    @Test("a user store opened read-only serves its rows and refuses a save; its files stay as they were")
    func readsUserStore() async throws {
        let history = ContextStoresTests.historyStore
        try await {
            let stores = makeStores()
            let actor = try await stores.open(history, onFailure: .throwing)
            let context = ModelContext(actor.modelContainer)
            context.insert(HistoryEntry(mediaID: 1019))
            context.insert(HistoryEntry(mediaID: 1014))
            try context.save()
        }()
        let before = files(history)
        let actor = try await makeStores().open(history, access: .readOnly, onFailure: .throwing)
        let ids = try await actor.perform { context in
            try context.fetch(FetchDescriptor<HistoryEntry>()).compactMap(\.mediaID).sorted()
        }
        #expect(ids == [1014, 1019])
        await #expect(throws: SwiftDataError.self) {
            try await actor.perform { context in
                context.insert(HistoryEntry(mediaID: 7))
                try context.save()
            }
        }
        #expect(files(history) == before)
    }

    @Test("a missing store is not created, and a legacy file is not relocated")
    func missingStore() async throws {
        let history = ContextStoresTests.historyStore
        try FileManager.default.createDirectory(at: folder.dataDirectory, withIntermediateDirectories: true)
        let legacy = try #require(history.legacyURL(in: locations))
        try writeStore(at: legacy, schema: history.schema, cloudKitDatabase: history.cloudKitDatabase) {
            [HistoryEntry(mediaID: 1)]
        }
        let legacyBytes = try Data(contentsOf: legacy)
        await #expect {
            try await makeStores().open(history, access: .readOnly, onFailure: .throwing)
        } throws: { error in
            guard let error = error as? ModelContainerFactoryError, case .readOnlyStoreUnavailable = error else {
                return false
            }
            return error.storeFilesUntouched && error.description.contains("without writing to it")
        }
        #expect(!StoreFile(url: history.url(in: locations)).hasAnyFile)
        #expect(try Data(contentsOf: legacy) == legacyBytes)
    }

    @Test("a damaged cache opened read-only fails and is neither deleted nor recreated")
    func damagedCache() async throws {
        let cache = ContextStoresTests.cacheStore
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: cache.url(in: locations))
        await #expect(throws: ModelContainerFactoryError.self) {
            try await makeStores().open(cache, access: .readOnly, onFailure: .throwing)
        }
        #expect(try Data(contentsOf: cache.url(in: locations)) == garbage)
        #expect(log.warnings.isEmpty, "nothing was recreated")
    }
}
