import DataPersistenceInfrastructure
import Foundation
import Logging
import MoviesDomain
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import MoviesInfrastructure

@Suite("MoviesInfrastructureFactory (US-2, US-3)")
struct MoviesInfrastructureFactoryTests {
    @Test(
        "the cache is popcorn-movies.sqlite without CloudKit; the watchlist popcorn-movies-cloudkit.sqlite with the plan"
    )
    func containers() async throws {
        let folder = TemporaryFolder()
        let factory = MoviesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: MockMovieRemote())
        let cache = try await factory.cacheContainer
        #expect(cache.configurations.first?.url.lastPathComponent == "popcorn-movies.sqlite")
        #expect(cache.configurations.first?.cloudKitDatabase == CloudKitDatabase.none)
        #expect(cache.url?.deletingLastPathComponent().lastPathComponent == "cache")
        #expect(try await factory.cacheContainer === cache, "created once per factory")
        let watchlist = try await WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url))
            .watchlistContainer
        #expect(watchlist.configurations.first?.url.lastPathComponent == "popcorn-movies-cloudkit.sqlite")
        #expect(watchlist.configurations.first?.cloudKitDatabase == .private("iCloud.uk.co.adam-young.Popcorn"))
        #expect(watchlist.migrationPlan == MoviesWatchlistMigrationPlan.self)
        #expect(watchlist.url?.deletingLastPathComponent().lastPathComponent == "data")
        #expect(MoviesInfrastructureFactory.storeDescriptions.map(\.name) == ["movies"])
        #expect(WatchlistInfrastructureFactory.storeDescriptions.map(\.name) == ["watchlist"])
        #expect(WatchlistInfrastructureFactory.watchlistStore.kind == .userData)
    }

    @Test("every repository of a store shares the store's one actor, whichever repository made it")
    func oneActorPerStore() async throws {
        let folder = TemporaryFolder()
        let factory = MoviesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: MockMovieRemote())
        let cache = try await factory.stores.actor(for: MoviesInfrastructureFactory.cacheStore)
        _ = try await factory.makeMovieRepository()
        _ = try await factory.makeMovieListRepository()
        #expect(try await factory.stores.actor(for: MoviesInfrastructureFactory.cacheStore) === cache)
        let watchlistFactory = WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url))
        let watchlist = try await watchlistFactory.stores.actor(for: WatchlistInfrastructureFactory.watchlistStore)
        _ = try await watchlistFactory.makeWatchlistRepository()
        _ = try await watchlistFactory.makeWatchlistRepository()
        #expect(
            try await watchlistFactory.stores.actor(for: WatchlistInfrastructureFactory.watchlistStore) === watchlist)
        #expect(watchlist !== cache)
    }

    @Test("a fresh install creates both stores, and repositories work")
    func freshInstall() async throws {
        let folder = TemporaryFolder()
        let factory = MoviesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: MockMovieRemote())
        let watchlist = WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url))
        _ = try await factory.makeMovieRepository().movie(withID: 550)
        _ = try await watchlist.makeWatchlistRepository().add(movieID: 550)
        #expect(StoreReading.fileExists(factory.stores.url(of: MoviesInfrastructureFactory.cacheStore)))
        #expect(StoreReading.fileExists(watchlist.stores.url(of: WatchlistInfrastructureFactory.watchlistStore)))
    }

    @Test("a cache deleted by hand is recreated on next access")
    func deletedByHand() async throws {
        let folder = TemporaryFolder()
        do {
            let factory = MoviesInfrastructureFactory(
                locations: StoreLocations(under: folder.url), remoteDataSource: MockMovieRemote())
            _ = try await factory.makeMovieRepository().movie(withID: 550)
        }
        let url = MoviesInfrastructureFactory.cacheStore.url(in: StoreLocations(under: folder.url))
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!StoreReading.fileExists(url))
        let remote = MockMovieRemote()
        let factory = MoviesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: remote)
        _ = try await factory.makeMovieRepository().movie(withID: 550)
        #expect(StoreReading.fileExists(url))
        #expect(remote.recorder.calls == ["movie 550"])
    }

    @Test("a cache written by an older schema is replaced with a warning; the watchlist survives")
    func olderCacheSchema() async throws {
        let folder = TemporaryFolder()
        let cacheURL = MoviesInfrastructureFactory.cacheStore.url(in: StoreLocations(under: folder.url))
        try FileManager.default.createDirectory(
            at: cacheURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let old = try ModelContainer(
                for: OldCache.MoviesMovieEntity.self, configurations: ModelConfiguration(url: cacheURL))
            let context = ModelContext(old)
            context.insert(OldCache.MoviesMovieEntity(movieID: 1, name: "old row"))
            try context.save()
            let watchlist = try await WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url))
                .makeWatchlistRepository()
            for id in [11, 12, 13] { _ = try await watchlist.add(movieID: id) }
        }
        let recorder = LogRecorder()
        let remote = MockMovieRemote()
        let factory = MoviesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: remote, logger: recorder.logger)
        let movie = try await factory.makeMovieRepository().movie(withID: 550)
        #expect(movie.title == "Fight Club")
        #expect(remote.recorder.calls == ["movie 550"])
        #expect(recorder.warnings.contains { $0.contains("popcorn-movies.sqlite") })
        let cached = try await StoreReading.all(MoviesMovieEntity.self, in: factory.cacheContainer)
        #expect(cached.map(\.movieID) == [550], "the old row is gone and the new one was cached")
        let watchlist = try await WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url))
            .makeWatchlistRepository().movies()
        #expect(Set(watchlist.map(\.movieID)) == [11, 12, 13])
    }

    @Test("a watchlist store that cannot be opened is reported and left byte-identical")
    func unreadableWatchlist() async throws {
        let folder = TemporaryFolder()
        let url = WatchlistInfrastructureFactory.watchlistStore.url(in: StoreLocations(under: folder.url))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = Data("this is not a database, but it is the user's file".utf8)
        try garbage.write(to: url)
        let factory = WatchlistInfrastructureFactory(locations: StoreLocations(under: folder.url))
        await #expect(throws: ModelContainerFactoryError.self) {
            try await factory.stores.open(WatchlistInfrastructureFactory.watchlistStore, onFailure: .throwing)
        }
        #expect(try Data(contentsOf: url) == garbage)
    }
}

/// The cache as an earlier version of the app wrote it.
enum OldCache {
    @Model
    final class MoviesMovieEntity {
        var movieID: Int
        var name: String

        init(movieID: Int, name: String) {
            self.movieID = movieID
            self.name = name
        }
    }
}
