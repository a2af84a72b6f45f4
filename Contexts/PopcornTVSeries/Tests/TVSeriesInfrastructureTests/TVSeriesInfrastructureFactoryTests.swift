import DataPersistenceInfrastructure
import Foundation
import Logging
import OpenSwiftData
import TVSeriesDomain
import Testing

@testable import TVSeriesInfrastructure

/// US-3: the factory creates its cache container with
/// `ModelContainerFactory.makeLocalModelContainer`, once, with its own logger.
@Suite("TVSeriesInfrastructureFactory")
struct TVSeriesInfrastructureFactoryTests {
    let folder = TemporaryFolder()
    let remote = MockTVSeriesRemote()
    let log = LogRecorder()

    func makeFactory() -> TVSeriesInfrastructureFactory {
        TVSeriesInfrastructureFactory(
            cacheDirectory: folder.cacheDirectory, remoteDataSource: remote, logger: log.logger)
    }

    @Test("the store is popcorn-tvseries.sqlite in the cache folder given")
    func storeLocation() {
        #expect(makeFactory().storeURL == folder.cacheDirectory.appending(path: "popcorn-tvseries.sqlite"))
        #expect(TVSeriesInfrastructureFactory.storeFileName == "popcorn-tvseries.sqlite")
    }

    @Test("the factory logs with its own logger, labelled PopcornTVSeries unless one is injected")
    func ownLogger() {
        let factory = TVSeriesInfrastructureFactory(cacheDirectory: folder.cacheDirectory, remoteDataSource: remote)
        #expect(factory.logger.label == "PopcornTVSeries")
        #expect(makeFactory().logger.label == "PopcornTVSeriesTests")
    }

    @Test("fresh install: with no folder and no file, the container is created and the repositories work")
    func freshInstall() async throws {
        #expect(!FileManager.default.fileExists(atPath: folder.cacheDirectory.path))
        let factory = makeFactory()
        let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        #expect(series == Fixtures.series(id: 1396))
        #expect(storeFileExists(at: factory.storeURL))
        #expect(try factory.count(TVSeriesTVSeriesEntity.self) == 1)
        #expect(log.warnings.isEmpty)
    }

    @Test("the container is created once per factory")
    func containerCreatedOnce() throws {
        let factory = makeFactory()
        try factory.openCacheStore()
        #expect(factory.modelContainer === factory.modelContainer)
        try factory.openCacheStore()
        _ = factory.makeTVSeasonRepository()
        _ = factory.makeTVEpisodeRepository()
        #expect(factory.modelContainer === factory.modelContainer)
    }

    @Test("a database file deleted by hand is recreated on the next creation")
    func deletedFileIsRecreated() async throws {
        let first = makeFactory()
        _ = try await first.makeTVSeriesRepository().tvSeries(withID: 1)
        ModelContainerFactory.removeSQLiteFiles(at: first.storeURL)
        #expect(!storeFileExists(at: first.storeURL))

        let second = makeFactory()
        let series = try await second.makeTVSeriesRepository().tvSeries(withID: 1)
        #expect(series.id == 1)
        #expect(storeFileExists(at: second.storeURL))
        #expect(try second.count(TVSeriesTVSeriesEntity.self) == 1)
        #expect(await remote.callCount == 2)
    }

    @Test("the injected logger receives the warning when the store is deleted and created again")
    func loggerReceivesWarning() async throws {
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        let factory = makeFactory()
        try Data("this is not an SQLite database, just text".utf8).write(to: factory.storeURL)

        let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 5)

        #expect(series.id == 5)
        let warnings = log.warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("popcorn-tvseries.sqlite") == true)
        #expect(warnings.first?.contains("deleting its files") == true)
        #expect(try factory.count(TVSeriesTVSeriesEntity.self) == 1)
    }

    @Test("a cache written by an older schema is replaced, then filled again from the remote")
    func olderSchemaIsReplaced() async throws {
        let factory = makeFactory()
        try LegacyTVSeriesCache.writeStore(at: factory.storeURL, seriesIDs: ["1396", "1399"])
        #expect(try LegacyTVSeriesCache.rowCount(at: factory.storeURL) == 2)

        try factory.openCacheStore()
        #expect(try factory.count(TVSeriesTVSeriesEntity.self) == 0)
        #expect(log.warnings.count == 1)

        let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        #expect(series == Fixtures.series(id: 1396))
        #expect(await remote.calls == ["series 1396"])
        let rows = try factory.all(TVSeriesTVSeriesEntity.self)
        #expect(rows.map(\.tvSeriesID) == [1396])
        #expect(rows.first?.genres.count == 2)
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
