import DataPersistenceInfrastructure
import Foundation
import Logging
import MoviesDomain
import OpenSwiftData
import Testing

@testable import MoviesInfrastructure

@Suite("MoviesInfrastructureFactory (US-2, US-3)")
struct MoviesInfrastructureFactoryTests {
    @Test(
        "the cache is popcorn-movies.sqlite without CloudKit; the watchlist popcorn-movies-cloudkit.sqlite with the plan"
    )
    func containers() throws {
        let folder = TemporaryLocations()
        let factory = MoviesInfrastructureFactory(locations: folder.locations, remoteDataSource: MockMovieRemote())
        let cache = factory.modelContainer
        #expect(cache.configurations.first?.url.lastPathComponent == "popcorn-movies.sqlite")
        #expect(cache.configurations.first?.cloudKitDatabase == CloudKitDatabase.none)
        #expect(cache.url?.deletingLastPathComponent().lastPathComponent == "cache")
        #expect(factory.modelContainer === cache, "created once per factory")
        let watchlist = factory.cloudKitModelContainer
        #expect(watchlist.configurations.first?.url.lastPathComponent == "popcorn-movies-cloudkit.sqlite")
        #expect(watchlist.configurations.first?.cloudKitDatabase == .private("iCloud.uk.co.adam-young.Popcorn"))
        #expect(watchlist.migrationPlan == MoviesWatchlistMigrationPlan.self)
        #expect(watchlist.url?.deletingLastPathComponent().lastPathComponent == "data")
    }

    @Test("a fresh install creates both stores, and repositories work")
    func freshInstall() async throws {
        let folder = TemporaryLocations()
        let factory = MoviesInfrastructureFactory(locations: folder.locations, remoteDataSource: MockMovieRemote())
        _ = try await factory.makeMovieRepository().movie(withID: 550)
        _ = try await factory.makeWatchlistRepository().add(movieID: 550)
        #expect(FileManager.default.fileExists(atPath: factory.cacheStoreURL.path))
        #expect(FileManager.default.fileExists(atPath: factory.watchlistStoreURL.path))
    }

    @Test("a cache deleted by hand is recreated on next access")
    func deletedByHand() async throws {
        let folder = TemporaryLocations()
        do {
            let factory = MoviesInfrastructureFactory(
                locations: folder.locations, remoteDataSource: MockMovieRemote())
            _ = try await factory.makeMovieRepository().movie(withID: 550)
        }
        let url = folder.locations.cacheStoreURL(named: StoreFileNames.moviesCache)
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let remote = MockMovieRemote()
        let factory = MoviesInfrastructureFactory(locations: folder.locations, remoteDataSource: remote)
        _ = try await factory.makeMovieRepository().movie(withID: 550)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(await remote.calls == ["movie 550"])
    }

    @Test("a cache written by an older schema is replaced with a warning; the watchlist survives")
    func olderCacheSchema() async throws {
        let folder = TemporaryLocations()
        let cacheURL = folder.locations.cacheStoreURL(named: StoreFileNames.moviesCache)
        try FileManager.default.createDirectory(
            at: cacheURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let old = try ModelContainer(
                for: OldCache.MoviesMovieEntity.self, configurations: ModelConfiguration(url: cacheURL))
            let context = ModelContext(old)
            context.insert(OldCache.MoviesMovieEntity(movieID: 1, name: "old row"))
            try context.save()
            let watchlist = MoviesInfrastructureFactory(
                locations: folder.locations, remoteDataSource: MockMovieRemote()
            ).makeWatchlistRepository()
            for id in [11, 12, 13] { _ = try await watchlist.add(movieID: id) }
        }
        let recorder = LogRecorder()
        let remote = MockMovieRemote()
        let factory = MoviesInfrastructureFactory(
            locations: folder.locations, remoteDataSource: remote, logger: recorder.logger)
        let movie = try await factory.makeMovieRepository().movie(withID: 550)
        #expect(movie.title == "Fight Club")
        #expect(await remote.calls == ["movie 550"])
        #expect(recorder.messages.contains { $0.0 == .warning && $0.1.contains("popcorn-movies.sqlite") })
        let cached = try ModelContext(factory.modelContainer).fetch(FetchDescriptor<MoviesMovieEntity>())
        #expect(cached.map(\.movieID) == [550], "the old row is gone and the new one was cached")
        let watchlist = try await factory.makeWatchlistRepository().movies()
        #expect(Set(watchlist.map(\.movieID)) == [11, 12, 13])
    }

    @Test("a watchlist store that cannot be opened is reported and left byte-identical")
    func unreadableWatchlist() throws {
        let folder = TemporaryLocations()
        let url = folder.locations.userDataStoreURL(named: StoreFileNames.moviesWatchlist)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = Data("this is not a database, but it is the user's file".utf8)
        try garbage.write(to: url)
        let factory = MoviesInfrastructureFactory(locations: folder.locations, remoteDataSource: MockMovieRemote())
        #expect(throws: ModelContainerFactoryError.self) { try factory.openWatchlistStore() }
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
