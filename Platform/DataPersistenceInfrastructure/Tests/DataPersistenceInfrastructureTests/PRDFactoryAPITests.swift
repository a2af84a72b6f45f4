import Foundation
import Logging
import PopcornTestSupport
import SwiftData
import Testing

@testable import DataPersistenceInfrastructure

/// The PRD's factory calls (seeds/000 US-1, US-2, US-3; seeds/002; seeds/004), made as the
/// PRD makes them, checked against the behaviour it states: its test lists, on real SQLite
/// stores in temporary folders.
@Suite("The PRD's factory API: cache stores recreated, user stores never deleted")
struct PRDFactoryAPITests {
    /// A logger that writes nothing, for a child process whose output is its crash message.
    static func silentLogger() -> Logger {
        Logger(label: "prd-exit-test") { _ in SwiftLogNoOpLogHandler() }
    }

    @Test("US-1/US-3: a fresh install gets a valid local container, without a warning")
    func localHappyPath() throws {
        let folder = TemporaryFolder()
        let log = LogRecorder()
        let container = moviesModelContainer(in: folder.url, logger: log.logger)
        #expect(container.configurations.first?.cloudKitDatabase == CloudKitDatabase.none)
        #expect(container.configurations.first?.url.lastPathComponent == "popcorn-movies.sqlite")
        let context = ModelContext(container)
        context.insert(CachedMovie(movieID: 550, title: "Fight Club"))
        try context.save()
        #expect(try rowCount(in: "CachedMovie", at: folder.file("popcorn-movies.sqlite")) == 1)
        #expect(log.warnings.isEmpty)
    }

    @Test("US-1: a cache store its schema fails on is deleted and recreated, and the warning names it")
    func localSchemaFailureRecreates() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try writeStore(at: url, schema: Schema([EarlierMoviesCache.CachedMovie.self])) {
            [EarlierMoviesCache.CachedMovie(movieID: 1), EarlierMoviesCache.CachedMovie(movieID: 2)]
        }
        #expect(throws: (any Error).self, "the current schema fails on the earlier store") {
            _ = try ModelContainer(
                for: Schema([CachedMovie.self]), configurations: [ModelConfiguration(url: url)])
        }
        #expect(try rowCount(in: "CachedMovie", at: url) == 2, "the failed attempt changed nothing")

        let log = LogRecorder()
        let container = moviesModelContainer(in: folder.url, logger: log.logger)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<CachedMovie>()) == 0)
        let context = ModelContext(container)
        context.insert(CachedMovie(movieID: 3, title: "Heat"))
        try context.save()
        #expect(try rowCount(in: "CachedMovie", at: url) == 1)
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.contains(url.path) == true)
        #expect(log.warnings.first?.contains("new non-optional attribute") == true)
    }

    @Test("US-1: stale -wal and -shm files are removed with the database before it is recreated")
    func localJournalFilesRemoved() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        let staleWAL = Data(repeating: 0xCD, count: 4096)
        try Data(repeating: 0xAB, count: 4096).write(to: url)
        try staleWAL.write(to: companion(url, "-wal"))
        try Data(repeating: 0xEF, count: 4096).write(to: companion(url, "-shm"))
        let log = LogRecorder()
        let container = moviesModelContainer(in: folder.url, logger: log.logger)
        let context = ModelContext(container)
        context.insert(CachedMovie(movieID: 1, title: "Alien"))
        try context.save()
        #expect((try? Data(contentsOf: companion(url, "-wal"))) != staleWAL)
        #expect(try rowCount(in: "CachedMovie", at: url) == 1)
        #expect(log.warnings.count == 1)
    }

    @Test("US-3: a database deleted by hand is created again on the next access")
    func localDeletedByHand() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        do {
            let container = moviesModelContainer(in: folder.url, logger: LogRecorder().logger)
            let context = ModelContext(container)
            context.insert(CachedMovie(movieID: 1, title: "Alien"))
            try context.save()
        }
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!fileExists(url))
        let log = LogRecorder()
        let container = moviesModelContainer(in: folder.url, logger: log.logger)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<CachedMovie>()) == 0)
        #expect(fileExists(url))
        #expect(log.warnings.isEmpty)
    }

    @Test("US-1: when the recreated store fails too, fatalError says which file and folder")
    func localSecondFailureIsFatal() async throws {
        let folder = TemporaryFolder()
        // A file where the store's folder should be: the store can be neither opened nor created.
        let notAFolder = folder.file("not-a-folder")
        #expect(FileManager.default.createFile(atPath: notAFolder.path, contents: Data("x".utf8)))
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [notAFolder = notAFolder as URL] in
            _ = moviesModelContainer(in: notAFolder, logger: PRDFactoryAPITests.silentLogger())
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Cannot create the cache store \(notAFolder.path)/popcorn-movies.sqlite"))
        #expect(message.contains("Check that the folder \(notAFolder.path) exists and is writable"))
        #expect(try Data(contentsOf: notAFolder) == Data("x".utf8))
    }

    @Test("US-1/US-2: a CloudKit container with a single-schema V1 plan opens, and keeps its rows")
    func cloudKitHappyPath() throws {
        let folder = TemporaryFolder()
        do {
            let container = moviesCloudKitModelContainer(in: folder.url, logger: LogRecorder().logger)
            #expect(
                container.configurations.first?.cloudKitDatabase == .private("iCloud.uk.co.adam-young.Popcorn"))
            #expect(container.migrationPlan == MoviesWatchlistMigrationPlan.self)
            let context = ModelContext(container)
            context.insert(MoviesWatchlistMovieEntity(movieID: 550))
            context.insert(MoviesWatchlistMovieEntity(movieID: 603))
            try context.save()
        }
        let log = LogRecorder()
        let reopened = moviesCloudKitModelContainer(in: folder.url, logger: log.logger)
        let ids = try ModelContext(reopened).fetch(FetchDescriptor<MoviesWatchlistMovieEntity>()).compactMap(\.movieID)
        #expect(ids.sorted() == [550, 603])
        #expect(log.warnings.isEmpty && log.messages(at: .error).isEmpty)
    }

    @Test("US-1: a user store its plan cannot open stops with fatalError, and is never deleted")
    func cloudKitFailureIsFatalAndKeepsTheStore() async throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies-cloudkit.sqlite")
        try writeStore(
            at: url, schema: Schema([LaterMoviesWatchlist.MoviesWatchlistMovieEntity.self]),
            cloudKitDatabase: .private("iCloud.uk.co.adam-young.Popcorn")
        ) {
            [
                LaterMoviesWatchlist.MoviesWatchlistMovieEntity(movieID: 550, note: "keep me"),
                LaterMoviesWatchlist.MoviesWatchlistMovieEntity(movieID: 603, note: "and me"),
            ]
        }
        let before = try Data(contentsOf: url)
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [folderURL = folder.url as URL] in
            _ = moviesCloudKitModelContainer(in: folderURL, logger: PRDFactoryAPITests.silentLogger())
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Cannot open the user-data store \(url.path)"))
        #expect(message.contains("matches no version of the migration plan"))
        #expect(message.contains("left untouched"))
        #expect(try Data(contentsOf: url) == before)
        #expect(try rowCount(in: "MoviesWatchlistMovieEntity", at: url) == 2)
    }

    @Test("US-1/US-2: removeSQLiteFiles removes the old search store's three files and skips missing ones")
    func removeSQLiteFilesKnownPaths() throws {
        let folder = TemporaryFolder()
        let url = folder.file("searchkit-cloudkit.sqlite")
        ModelContainerFactory.removeSQLiteFiles(at: url)
        for suffix in ["", "-wal", "-shm"] {
            #expect(FileManager.default.createFile(atPath: url.path + suffix, contents: Data("x".utf8)))
        }
        #expect(
            FileManager.default.createFile(atPath: folder.file("popcorn-search-cloudkit.sqlite").path, contents: nil))
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(folder.fileNames == ["popcorn-search-cloudkit.sqlite"])
    }
}
