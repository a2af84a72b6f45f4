import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import Logging
import OpenSwiftData
import Testing

@testable import DiscoverInfrastructure

/// US-3: the factory creates its cache container with
/// `ModelContainerFactory.makeLocalModelContainer`, once, with its own logger.
@Suite("DiscoverInfrastructureFactory")
struct DiscoverInfrastructureFactoryTests {
    let folder = TemporaryFolder()
    let remote = MockDiscoverRemote()
    let log = LogRecorder()

    func makeFactory() -> DiscoverInfrastructureFactory {
        DiscoverInfrastructureFactory(
            cacheDirectory: folder.cacheDirectory, remoteDataSource: remote, logger: log.logger)
    }

    @Test("the store is popcorn-discover.sqlite in the cache folder given")
    func storeLocation() {
        #expect(makeFactory().storeURL == folder.cacheDirectory.appending(path: "popcorn-discover.sqlite"))
        #expect(DiscoverInfrastructureFactory.storeFileName == "popcorn-discover.sqlite")
    }

    @Test("the factory logs with its own logger, labelled PopcornDiscover unless one is injected")
    func ownLogger() {
        let factory = DiscoverInfrastructureFactory(cacheDirectory: folder.cacheDirectory, remoteDataSource: remote)
        #expect(factory.logger.label == "PopcornDiscover")
        #expect(makeFactory().logger.label == "PopcornDiscoverTests")
    }

    @Test("fresh install: with no folder and no file, the container is created and the repositories work")
    func freshInstall() async throws {
        #expect(!FileManager.default.fileExists(atPath: folder.cacheDirectory.path))
        let factory = makeFactory()
        let page = try await factory.makeDiscoverMovieRepository().movies(matching: .all, page: 1)
        #expect(page == Fixtures.moviePage(1))
        #expect(storeFileExists(at: factory.storeURL))
        #expect(try factory.count(DiscoverMoviePageEntity.self) == 1)
        #expect(log.warnings.isEmpty)
    }

    @Test("the container is created once per factory")
    func containerCreatedOnce() throws {
        let factory = makeFactory()
        try factory.openCacheStore()
        #expect(factory.modelContainer === factory.modelContainer)
        try factory.openCacheStore()
        _ = factory.makeDiscoverMovieRepository()
        _ = factory.makeDiscoverTVSeriesRepository()
        #expect(factory.modelContainer === factory.modelContainer)
    }

    @Test("a database file deleted by hand is recreated on the next creation")
    func deletedFileIsRecreated() async throws {
        let first = makeFactory()
        _ = try await first.makeDiscoverTVSeriesRepository().tvSeries(matching: .all, page: 1)
        ModelContainerFactory.removeSQLiteFiles(at: first.storeURL)
        #expect(!storeFileExists(at: first.storeURL))

        let second = makeFactory()
        let page = try await second.makeDiscoverTVSeriesRepository().tvSeries(matching: .all, page: 1)
        #expect(page == Fixtures.seriesPage(1))
        #expect(storeFileExists(at: second.storeURL))
        #expect(try second.count(DiscoverTVSeriesPageEntity.self) == 1)
        #expect(await remote.callCount == 2)
    }

    @Test("the injected logger receives the warning when the store is deleted and created again")
    func loggerReceivesWarning() async throws {
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        let factory = makeFactory()
        try Data("this is not an SQLite database, just text".utf8).write(to: factory.storeURL)

        let page = try await factory.makeDiscoverMovieRepository().movies(matching: .all, page: 3)

        #expect(page.page == 3)
        let warnings = log.warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("popcorn-discover.sqlite") == true)
        #expect(warnings.first?.contains("deleting its files") == true)
        #expect(try factory.count(DiscoverMoviePageEntity.self) == 1)
    }

    @Test("a cache written by an older schema is replaced, then filled again from the remote")
    func olderSchemaIsReplaced() async throws {
        let factory = makeFactory()
        try LegacyDiscoverCache.writeStore(at: factory.storeURL, pages: ["1", "2"])
        #expect(try LegacyDiscoverCache.rowCount(at: factory.storeURL) == 2)

        try factory.openCacheStore()
        #expect(try factory.count(DiscoverMoviePageEntity.self) == 0)
        #expect(log.warnings.count == 1)

        let page = try await factory.makeDiscoverMovieRepository().movies(matching: .all, page: 1)
        #expect(page == Fixtures.moviePage(1))
        #expect(await remote.calls == ["movies [] - page 1"])
        let rows = try factory.all(DiscoverMoviePageEntity.self)
        #expect(rows.map(\.page) == [1])
        #expect(rows.map(\.filterKey) == ["genres=;language="])
        #expect(try factory.count(DiscoverMoviePreviewEntity.self) == 3)
    }

    @Test("openCacheStore throws, without trapping, when the store cannot be created at all")
    func openCacheStoreThrows() throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        // A plain file where the cache folder should be: nothing can be created in it.
        try Data("a file, not a folder".utf8).write(to: folder.cacheDirectory)
        let factory = makeFactory()
        #expect(throws: ModelContainerFactoryError.self) { try factory.openCacheStore() }
        #expect(log.warnings.count == 1)
    }
}
