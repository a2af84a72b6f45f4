import DataPersistenceInfrastructure
import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import TVSeriesDomain
import Testing

@testable import TVSeriesInfrastructure

/// US-3: the context declares its cache store once; its factory opens it once, with the
/// context's own logger. What a cache store does when it cannot be opened is tested once,
/// in DataPersistenceInfrastructure's `ContextStoresTests`.
@Suite("TVSeriesInfrastructureFactory")
struct TVSeriesInfrastructureFactoryTests {
    let folder = TemporaryFolder()
    let remote = MockTVSeriesRemote()
    let log = LogRecorder(label: "PopcornTVSeriesTests")
    let store = TVSeriesInfrastructureFactory.cacheStore

    func makeFactory(logger: Logger? = nil) -> TVSeriesInfrastructureFactory {
        guard let logger else {
            return TVSeriesInfrastructureFactory(locations: StoreLocations(under: folder.url), remoteDataSource: remote)
        }
        return TVSeriesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: remote, logger: logger)
    }

    @Test("the one store is the cache popcorn-tvseries.sqlite, in the cache folder, logged as PopcornTVSeries")
    func declaration() {
        #expect(store.fileName == "popcorn-tvseries.sqlite")
        #expect((store.kind, store.name, store.migrationPlan == nil) == (.cache, "tvseries", true))
        #expect(TVSeriesInfrastructureFactory.storeDescriptions.map(\.name) == ["tvseries"])
        let factory = makeFactory()
        #expect(factory.stores.url(of: store) == folder.cacheDirectory.appending(path: "popcorn-tvseries.sqlite"))
        #expect(factory.stores.logger.label == "PopcornTVSeries")
        #expect(makeFactory(logger: log.logger).stores.logger.label == "PopcornTVSeriesTests")
    }

    @Test("fresh install: the cache is created on first use, once, and its repositories share one actor")
    func freshInstall() async throws {
        #expect(!FileManager.default.fileExists(atPath: folder.cacheDirectory.path))
        let factory = makeFactory(logger: log.logger)
        let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        #expect(series == Fixtures.series(id: 1396))
        #expect(StoreReading.fileExists(factory.stores.url(of: store)))
        let actor = try await factory.stores.actor(for: store)
        try await factory.stores.open(onFailure: .throwing)
        _ = try await factory.makeTVSeasonRepository()
        _ = try await factory.makeTVEpisodeRepository()
        #expect(try await factory.stores.actor(for: store) === actor)
        await #expect(try factory.rows(of: TVSeriesTVSeriesEntity.self).count == 1)
        #expect(log.warnings.isEmpty)
    }

    @Test("a cache deleted by hand, or written by an older schema, is created anew and filled from the remote")
    func recreated() async throws {
        // Each factory stands for a run of the program: it lets go of its store before the
        // next one opens it (a store file has one owner in a process).
        _ = try await makeFactory().makeTVSeriesRepository().tvSeries(withID: 1)
        let url = makeFactory().stores.url(of: store)
        ModelContainerFactory.removeSQLiteFiles(at: url)
        do {
            let afterDeletion = makeFactory()
            #expect(try await afterDeletion.makeTVSeriesRepository().tvSeries(withID: 1).id == 1)
            #expect(remote.recorder.callCount == 2)
        }

        ModelContainerFactory.removeSQLiteFiles(at: url)
        try LegacyTVSeriesCache.writeStore(at: url, seriesIDs: ["1396", "1399"])
        #expect(try LegacyTVSeriesCache.rowCount(at: url) == 2)
        let factory = makeFactory(logger: log.logger)
        try await factory.stores.open(onFailure: .throwing)
        await #expect(try factory.rows(of: TVSeriesTVSeriesEntity.self).isEmpty)
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.contains("popcorn-tvseries.sqlite") == true)

        let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        #expect(series == Fixtures.series(id: 1396))
        #expect(remote.recorder.calls.last == "series 1396")
        let rows = try await factory.rows(of: TVSeriesTVSeriesEntity.self)
        #expect(rows.map(\.tvSeriesID) == [1396])
        #expect(rows.first?.genres.count == 2)
    }
}
