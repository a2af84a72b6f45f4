import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@Suite("makeLocalModelContainer: cache stores are recreated when they cannot be opened")
struct LocalModelContainerTests {
    let schema = Schema([CachedMovie.self])

    /// Opens the cache store and checks it is empty and usable.
    func expectFreshAndUsable(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        #expect(try context.fetchCount(FetchDescriptor<CachedMovie>()) == 0)
        context.insert(CachedMovie(movieID: 1, title: "Alien"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<CachedMovie>()) == 1)
    }

    @Test("a fresh install (no file) creates the store, without a warning")
    func freshInstall() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        let log = LogRecorder()
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: log.logger, onFailure: .trap)
        try expectFreshAndUsable(container)
        #expect(fileExists(url))
        #expect(log.messages(at: .warning).isEmpty)
    }

    @Test("a store keeps its rows when it opens, and the configuration has no CloudKit")
    func reopen() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try writeStore(at: url, schema: schema) { [CachedMovie(movieID: 7, title: "Heat")] }
        let log = LogRecorder()
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: log.logger, onFailure: .trap)
        #expect(try ModelContext(container).fetch(FetchDescriptor<CachedMovie>()).map(\.title) == ["Heat"])
        #expect(container.configurations.first?.cloudKitDatabase == CloudKitDatabase.none)
        #expect(log.messages(at: .warning).isEmpty)
    }

    @Test("a database file deleted by hand is recreated on the next creation")
    func deletedByHand() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try writeStore(at: url, schema: schema) { [CachedMovie(movieID: 7, title: "Heat")] }
        try FileManager.default.removeItem(at: url)
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: LogRecorder().logger, onFailure: .trap)
        try expectFreshAndUsable(container)
    }

    @Test("garbage bytes are deleted and the store recreated, with a warning naming the file and error")
    func garbage() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: url)
        let log = LogRecorder()
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: log.logger, onFailure: .trap)
        try expectFreshAndUsable(container)
        let warnings = log.messages(at: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(url.path) == true)
        #expect(warnings.first?.contains("not an SQLite database") == true)
    }

    @Test("a truncated store (half its size) is recreated without its rows")
    func truncated() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try writeStore(at: url, schema: schema) {
            (0..<400).map { CachedMovie(movieID: $0, title: String(repeating: "title \($0) ", count: 20)) }
        }
        #expect(!fileExists(companion(url, "-wal")), "the closed store's rows are in the main file")
        let bytes = try Data(contentsOf: url)
        #expect(bytes.count > 64 * 1024)
        try bytes.prefix(bytes.count / 2).write(to: url)
        let log = LogRecorder()
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: log.logger, onFailure: .trap)
        try expectFreshAndUsable(container)
        #expect(log.messages(at: .warning).count == 1)
    }

    @Test("a zero-length file becomes a usable store")
    func zeroLength() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: LogRecorder().logger, onFailure: .trap)
        try expectFreshAndUsable(container)
    }

    @Test("a store written with another schema is recreated for this one, its rows gone")
    func otherSchema() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try writeStore(at: url, schema: Schema([ForeignRecord.self])) {
            [ForeignRecord(name: "a", count: 1), ForeignRecord(name: "b", count: 2)]
        }
        let log = LogRecorder()
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: log.logger, onFailure: .trap)
        try expectFreshAndUsable(container)
        #expect(log.messages(at: .warning).count == 1)
        #expect(log.messages(at: .warning).first?.contains(url.path) == true)
        #expect(throws: (any Error).self) { try rowCount(in: "ForeignRecord", at: url) }
    }

    @Test("stale -wal and -shm files are removed with the store before it is recreated")
    func staleCompanions() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        try Data(repeating: 0xAB, count: 4096).write(to: url)
        try Data(repeating: 0xCD, count: 4096).write(to: companion(url, "-wal"))
        try Data(repeating: 0xEF, count: 4096).write(to: companion(url, "-shm"))
        let container = ModelContainerFactory.makeLocalModelContainer(
            schema: schema, url: url, logger: LogRecorder().logger, onFailure: .trap)
        try expectFreshAndUsable(container)
        let wal = try? Data(contentsOf: companion(url, "-wal"))
        #expect(wal != Data(repeating: 0xCD, count: 4096))
    }

    @Test("the throwing sibling throws when even a new store cannot be created, and says why")
    func unrecoverableThrows() throws {
        let url = URL(fileURLWithPath: "/dev/null/popcorn-movies.sqlite")
        let log = LogRecorder()
        #expect {
            _ = try ModelContainerFactory.makeLocalModelContainer(
                schema: schema, url: url, logger: log.logger, onFailure: .throwing)
        } throws: { error in
            guard let error = error as? ModelContainerFactoryError,
                case .cacheStoreUnrecoverable(let failedURL, _, _) = error
            else { return false }
            return failedURL == url && !error.storeFilesUntouched && error.description.contains(url.path)
        }
        #expect(log.messages(at: .warning).count == 1, "the first failure is logged before the retry")
    }

    @Test("the trapping version stops the process when the retry fails too")
    func unrecoverableTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ModelContainerFactory.makeLocalModelContainer(
                schema: Schema([CachedMovie.self]),
                url: URL(fileURLWithPath: "/dev/null/popcorn-movies.sqlite"),
                logger: Logger(label: "exit-test") { _ in SwiftLogNoOpLogHandler() }, onFailure: .trap
            )
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Cannot create the cache store /dev/null/popcorn-movies.sqlite"))
    }
}
