import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import PopcornTestSupport
import SearchDomain
import Testing

@testable import SearchInfrastructure

/// The search history moved from `searchkit-cloudkit.sqlite` to
/// `popcorn-search-cloudkit.sqlite` (US-2): no row may be lost on the way.
@Suite("Relocating the legacy search store")
struct LegacyStoreRelocationTests {
    static let legacyRows: [(Int, SearchMediaSearchHistoryEntryEntity.MediaType, TimeInterval)] = [
        (550, .movie, 10), (1396, .tvSeries, 20), (287, .person, 30),
    ]

    static func entry(_ id: Int, _ kind: MediaKind, _ seconds: TimeInterval) -> MediaSearchHistoryEntry {
        MediaSearchHistoryEntry(mediaID: id, kind: kind, timestamp: HistoryStoreFiles.date(seconds))
    }

    @Test("a legacy store with rows still in its WAL is moved with every row, and its old files are gone")
    func legacyStoreIsMoved() async throws {
        let folder = TemporaryFolder()
        let scratch = TemporaryFolder()
        let walSize = try HistoryStoreFiles.writeV1WithRowsInWAL(
            at: scratch.file("original.sqlite"), copyingTo: folder.file("searchkit-cloudkit.sqlite"),
            rows: Self.legacyRows)
        #expect(walSize > 32, "the rows should still be in the WAL (beyond its 32-byte header)")
        #expect(
            folder.fileNames == [
                "searchkit-cloudkit.sqlite", "searchkit-cloudkit.sqlite-shm", "searchkit-cloudkit.sqlite-wal",
            ])

        let log = LogRecorder()
        let factory = SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: log.logger)
        let history = try await factory.openedHistory()

        #expect(
            try await history.entries() == [
                Self.entry(287, .person, 30), Self.entry(1396, .tvSeries, 20), Self.entry(550, .movie, 10),
            ])
        for name in ["searchkit-cloudkit.sqlite", "searchkit-cloudkit.sqlite-wal", "searchkit-cloudkit.sqlite-shm"] {
            #expect(!folder.exists(name), "\(name) should be gone")
        }
        #expect(folder.fileNames.allSatisfy { !$0.hasPrefix("searchkit-cloudkit") })
        #expect(folder.exists("popcorn-search-cloudkit.sqlite"))
        #expect(log.messages.contains { $0.contains("Moved the legacy store") })
    }

    @Test("when both stores exist, the legacy rows are merged and the legacy store is kept as a backup")
    func bothStoresExist() async throws {
        let folder = TemporaryFolder()
        let scratch = TemporaryFolder()
        do {
            let history = try await SearchInfrastructureFactory(
                userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
            ).openedHistory()
            try await history.add(Self.entry(603, .movie, 40))
            try await history.add(Self.entry(550, .movie, 50))
        }
        try HistoryStoreFiles.writeV1WithRowsInWAL(
            at: scratch.file("original.sqlite"), copyingTo: folder.file("searchkit-cloudkit.sqlite"),
            rows: Self.legacyRows)

        let history = try await SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
        ).openedHistory()

        // 550 is in both stores: the history shows it once, with the newer timestamp.
        #expect(
            try await history.entries() == [
                Self.entry(550, .movie, 50), Self.entry(603, .movie, 40), Self.entry(287, .person, 30),
                Self.entry(1396, .tvSeries, 20),
            ])
        #expect(!folder.exists("searchkit-cloudkit.sqlite"))
        let backups = folder.fileNames.filter {
            $0.hasPrefix("searchkit-cloudkit.sqlite.") && $0.hasSuffix(".legacy.backup")
        }
        #expect(backups.count == 1)

        // The backup still holds every legacy row.
        let backupURL = try #require(backups.first.map(folder.file))
        let schema = Schema(versionedSchema: SearchHistorySchemaV1.self)
        let backup = try ModelContainer(
            for: schema, configurations: [ModelConfiguration(schema: schema, url: backupURL)])
        let rows = try ModelContext(backup).fetch(
            FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(sortBy: [SortDescriptor(\.timestamp)]))
        #expect(rows.compactMap(\.mediaID) == [550, 1396, 287])
    }

    @Test("a legacy file that is not a database is kept as a backup, byte for byte, and the store is created")
    func unreadableLegacyFileIsKept() async throws {
        let folder = TemporaryFolder()
        let garbage = Data("not a database".utf8)
        try garbage.write(to: folder.file("searchkit-cloudkit.sqlite"))

        let history = try await SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
        ).openedHistory()

        #expect(try await history.entries().isEmpty)
        let backups = folder.fileNames.filter { $0.hasPrefix("searchkit-cloudkit.sqlite.") && $0.hasSuffix(".backup") }
        #expect(backups.count == 1)
        let backupURL = try #require(backups.first.map(folder.file))
        #expect(try Data(contentsOf: backupURL) == garbage)
    }

    @Test("with no legacy store nothing is relocated")
    func nothingToRelocate() async throws {
        let folder = TemporaryFolder()
        let log = LogRecorder()
        try await SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: log.logger
        ).stores.open(onFailure: .throwing)
        #expect(!log.messages.contains { $0.contains("Relocated") })
        #expect(folder.fileNames.allSatisfy { $0.hasPrefix("popcorn-search-cloudkit.sqlite") })
    }
}
