import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DiscoverInfrastructure

/// US-3: the context declares one cache store, opened once with its own logger. What any
/// cache store does when it cannot be opened (deleted and created anew, a warning to the
/// context's logger, an error when even that fails) is tested once, in
/// DataPersistenceInfrastructure's `ContextStoresTests`.
@Suite("DiscoverInfrastructureFactory")
struct DiscoverInfrastructureFactoryTests {
    let folder = TemporaryFolder()
    let remote = MockDiscoverRemote()
    let log = LogRecorder(label: "PopcornDiscoverTests")

    func makeFactory() -> DiscoverInfrastructureFactory {
        DiscoverInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: remote, logger: log.logger)
    }

    @Test("the store is the cache popcorn-discover.sqlite, in the cache folder")
    func storeLocation() {
        let store = DiscoverInfrastructureFactory.cacheStore
        #expect(makeFactory().stores.url(of: store) == folder.cacheDirectory.appending(path: "popcorn-discover.sqlite"))
        #expect(store.fileName == "popcorn-discover.sqlite")
        #expect(store.kind == .cache)
        #expect(store.name == "discover")
        #expect(store.cloudKitDatabase == CloudKitDatabase.none)
        #expect(DiscoverInfrastructureFactory.storeDescriptions.map(\.fileName) == ["popcorn-discover.sqlite"])
    }

    @Test("the factory logs with its own logger, labelled PopcornDiscover unless one is injected")
    func ownLogger() {
        let factory = DiscoverInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: remote)
        #expect(factory.stores.logger.label == "PopcornDiscover")
        #expect(makeFactory().stores.logger.label == "PopcornDiscoverTests")
    }

    @Test("fresh install: with no folder and no file, the store is created and the repositories work")
    func freshInstall() async throws {
        #expect(!FileManager.default.fileExists(atPath: folder.cacheDirectory.path))
        let factory = makeFactory()
        let page = try await factory.makeDiscoverMovieRepository().movies(matching: .all, page: 1)
        #expect(page == Fixtures.moviePage(1))
        #expect(StoreReading.fileExists(factory.stores.url(of: DiscoverInfrastructureFactory.cacheStore)))
        await #expect(try factory.count(DiscoverMoviePageEntity.self) == 1)
        #expect(log.warnings.isEmpty)
    }

    @Test("the store is opened once per factory, and every repository shares its one actor")
    func containerCreatedOnce() async throws {
        let factory = makeFactory()
        try await factory.stores.open(onFailure: .throwing)
        let actor = try await factory.stores.actor(for: DiscoverInfrastructureFactory.cacheStore)
        try await factory.stores.open(onFailure: .throwing)
        _ = try await factory.makeDiscoverMovieRepository()
        _ = try await factory.makeDiscoverTVSeriesRepository()
        #expect(try await factory.stores.actor(for: DiscoverInfrastructureFactory.cacheStore) === actor)
        #expect(try await factory.cacheContainer === actor.modelContainer)
    }

    @Test("a database file deleted by hand is recreated, and filled again from the remote")
    func deletedFileIsRecreated() async throws {
        // The first run of the program lets go of its store before the second opens it (a
        // store file has one owner in a process).
        let url = try await {
            let first = makeFactory()
            _ = try await first.makeDiscoverTVSeriesRepository().tvSeries(matching: .all, page: 1)
            return first.stores.url(of: DiscoverInfrastructureFactory.cacheStore)
        }()
        ModelContainerFactory.removeSQLiteFiles(at: url)

        let second = makeFactory()
        let page = try await second.makeDiscoverTVSeriesRepository().tvSeries(matching: .all, page: 1)
        #expect(page == Fixtures.seriesPage(1))
        #expect(StoreReading.fileExists(url))
        await #expect(try second.count(DiscoverTVSeriesPageEntity.self) == 1)
        #expect(remote.recorder.callCount == 2)
    }

    @Test("a cache written by an older schema is replaced with a warning, then filled again from the remote")
    func olderSchemaIsReplaced() async throws {
        let factory = makeFactory()
        let url = factory.stores.url(of: DiscoverInfrastructureFactory.cacheStore)
        try LegacyDiscoverCache.writeStore(at: url, pages: ["1", "2"])
        #expect(try LegacyDiscoverCache.rowCount(at: url) == 2)

        try await factory.stores.open(onFailure: .throwing)
        await #expect(try factory.count(DiscoverMoviePageEntity.self) == 0)
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.contains("popcorn-discover.sqlite") == true)

        let page = try await factory.makeDiscoverMovieRepository().movies(matching: .all, page: 1)
        #expect(page == Fixtures.moviePage(1))
        #expect(remote.recorder.calls == ["movies [] - page 1"])
        let rows = try await factory.all(DiscoverMoviePageEntity.self)
        #expect(rows.map(\.page) == [1])
        #expect(rows.map(\.filterKey) == ["genres=;language="])
        await #expect(try factory.count(DiscoverMoviePreviewEntity.self) == 3)
    }
}
