import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// `ModelConfiguration(url:allowsSave: false)`: an existing store read on a connection
/// that cannot write, never created, migrated or changed; and how such a connection is
/// opened when the folder is read-only (`StoreFile+ReadOnly.swift`).
///
/// A truly read-only folder needs a non-root user or a read-only mount; the
/// end-to-end tests (`Tests/`) run `popcorn` in one. Here the folder's writability is
/// given to `readOnlyPath(folderIsWritable:)`, so that every branch runs as root too.
@Suite("Read-only stores")
struct ReadOnlyStoreTests {
    /// A V1 watchlist with two rows, its container closed (so its `-wal` and `-shm` are
    /// gone, as after a process ended).
    static func makeWatchlist(in folder: TemporaryFolder, name: String = "watchlist.sqlite") throws -> URL {
        let url = folder.file(name)
        try {
            let container = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: WatchlistV1OnlyPlan.self,
                configurations: [ModelConfiguration(url: url)])
            let context = ModelContext(container)
            context.insert(WatchlistV1.WatchlistMovie(movieID: 1019, createdAt: Date(timeIntervalSince1970: 1)))
            context.insert(WatchlistV1.WatchlistMovie(movieID: 1011, createdAt: Date(timeIntervalSince1970: 2)))
            try context.save()
        }()
        return url
    }

    /// The store's main file and write-ahead log, as bytes (an empty log for none: in a
    /// writable folder, SQLite gives a reader an empty `-wal` and a `-shm` index).
    static func files(_ url: URL) -> [Data] {
        [url, URL(fileURLWithPath: url.path + "-wal")].map { (try? Data(contentsOf: $0)) ?? Data() }
    }

    @Test("allowsSave: false reads the rows, refuses to save, and leaves the store as it was")
    func readsWithoutWriting() throws {
        let folder = TemporaryFolder()
        let url = try Self.makeWatchlist(in: folder)
        let before = Self.files(url)
        try {
            let container = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: WatchlistV1OnlyPlan.self,
                configurations: [ModelConfiguration(url: url, allowsSave: false)])
            let context = ModelContext(container)
            let movies = try context.fetch(
                FetchDescriptor<WatchlistV1.WatchlistMovie>(sortBy: [SortDescriptor(\.movieID)]))
            #expect(movies.compactMap(\.movieID) == [1011, 1019])
            context.insert(WatchlistV1.WatchlistMovie(movieID: 7, createdAt: Date()))
            expectCause(.saveNotAllowed) { try context.save() }
            #expect(throws: SwiftDataError.self) { try container.eraseAllData() }
        }()
        #expect(Self.files(url) == before)
    }

    @Test("allowsSave: false never creates a store: a missing or empty file fails and stays as it was")
    func neverCreates() throws {
        let folder = TemporaryFolder()
        let missing = folder.file("missing.sqlite")
        #expect(throws: SwiftDataError.self) {
            try ModelContainer(
                for: WatchlistV1.WatchlistMovie.self,
                configurations: ModelConfiguration(url: missing, allowsSave: false))
        }
        #expect(!StoreFile(url: missing).hasAnyFile)
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(throws: SwiftDataError.self) {
            try ModelContainer(
                for: WatchlistV1.WatchlistMovie.self, configurations: ModelConfiguration(url: empty, allowsSave: false))
        }
        #expect(try Data(contentsOf: empty).isEmpty)
    }

    @Test("allowsSave: false never migrates: an older store fails with a message that says so, byte-identical")
    func neverMigrates() throws {
        let folder = TemporaryFolder()
        let url = try Self.makeWatchlist(in: folder)
        let before = Self.files(url)
        #expect {
            try ModelContainer(
                for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
                configurations: [ModelConfiguration(url: url, allowsSave: false)])
        } throws: { error in
            let description = "\(error)"
            return description.contains("needs migrating") && description.contains("1.0.0")
        }
        #expect(Self.files(url) == before)
        #expect(StoreFile(url: url).inspect().schemaVersion == Schema.Version(1, 0, 0))
    }

    @Test("a read-only connection opens the file itself when the -shm index exists or can be created")
    func ordinaryReadOnlyConnection() throws {
        let folder = TemporaryFolder()
        let url = try Self.makeWatchlist(in: folder)
        let store = StoreFile(url: url)
        #expect(try store.readOnlyPath(folderIsWritable: true) == url.path)
        // An open writer keeps the -wal and -shm: even a read-only folder is then fine.
        let writer = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: WatchlistV1OnlyPlan.self,
            configurations: [ModelConfiguration(url: url)])
        #expect(FileManager.default.fileExists(atPath: url.path + "-shm"))
        #expect(try store.readOnlyPath(folderIsWritable: false) == url.path)
        _ = writer
    }

    @Test("in a read-only folder without -shm or -wal, the store is read in immutable mode, whatever its path")
    func immutableWithoutIndex() throws {
        let folder = TemporaryFolder()
        let url = try Self.makeWatchlist(in: folder, name: "my watch?list#1%.sqlite")
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
        let before = Self.files(url)
        let path = try StoreFile(url: url).readOnlyPath(folderIsWritable: false)
        #expect(path.hasPrefix("file:") && path.hasSuffix("?immutable=1"))
        var configuration = Configuration()
        configuration.readonly = true
        let rows = try DatabaseQueue(path: path, configuration: configuration).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM WatchlistMovie")
        }
        #expect(rows == 2)
        #expect(Self.files(url) == before)
        #expect(
            !StoreFile(url: url).companionURLs.contains { FileManager.default.fileExists(atPath: $0.path) },
            "immutable mode creates no -wal or -shm")
    }

    @Test("a -wal left without its -shm in a read-only folder is refused rather than read without its rows")
    func walWithoutIndex() throws {
        let folder = TemporaryFolder()
        let url = try Self.makeWatchlist(in: folder)
        try Data("committed pages SQLite cannot index".utf8).write(to: URL(fileURLWithPath: url.path + "-wal"))
        #expect {
            try StoreFile(url: url).readOnlyPath(folderIsWritable: false)
        } throws: { error in
            "\(error)".contains("-shm") && "\(error)".contains("write access")
        }
    }

    @Test(
        "isWritable: a store in a writable folder, or in one that can be created, is; one where a file stands for its folder is not"
    )
    func writability() throws {
        let folder = TemporaryFolder()
        #expect(StoreFile(url: folder.file("new/deeper/store.sqlite")).isWritable)
        let url = try Self.makeWatchlist(in: folder)
        #expect(StoreFile(url: url).isWritable)
        let blocker = folder.file("not-a-folder")
        try Data("a file".utf8).write(to: blocker)
        #expect(!StoreFile(url: blocker.appending(path: "store.sqlite")).isWritable)
        #expect(!StoreFile(url: blocker.appending(path: "deeper/store.sqlite")).isWritable)
    }
}
