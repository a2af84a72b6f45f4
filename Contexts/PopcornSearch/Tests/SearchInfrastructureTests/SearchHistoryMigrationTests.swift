import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import PopcornTestSupport
import Testing

@testable import SearchInfrastructure

/// Migrations through the test-only V2 and V3, from stores on disk with rows.
@Suite("Search history migrations (test-only V2 and V3)")
struct SearchHistoryMigrationTests {
    typealias EntryV2 = SearchHistoryTestSchemaV2.SearchMediaSearchHistoryEntryEntity
    typealias EntryV3 = SearchHistoryTestSchemaV3.SearchMediaSearchHistoryEntryEntity

    static let seededIDs = [550, 603, 1396, 287]

    static func writeV1(at url: URL) throws {
        try MigrationTesting.writeStore(at: url, version: SearchHistorySchemaV1.self) { context in
            context.insert(
                SearchMediaSearchHistoryEntryEntity(
                    mediaID: 550, mediaType: .movie, timestamp: HistoryStoreFiles.date(1)))
            context.insert(
                SearchMediaSearchHistoryEntryEntity(
                    mediaID: 603, mediaType: .movie, timestamp: HistoryStoreFiles.date(2)))
            context.insert(
                SearchMediaSearchHistoryEntryEntity(
                    mediaID: 1396, mediaType: .tvSeries, timestamp: HistoryStoreFiles.date(3)))
            context.insert(
                SearchMediaSearchHistoryEntryEntity(
                    mediaID: 287, mediaType: .person, timestamp: HistoryStoreFiles.date(4)))
        }
    }

    static func writeV2(at url: URL) throws {
        try MigrationTesting.writeStore(at: url, version: SearchHistoryTestSchemaV2.self) { context in
            context.insert(
                EntryV2(mediaID: 550, mediaType: .movie, timestamp: HistoryStoreFiles.date(1), query: "fight"))
            context.insert(EntryV2(mediaID: 603, mediaType: .movie, timestamp: HistoryStoreFiles.date(2)))
            context.insert(
                EntryV2(mediaID: 1396, mediaType: .tvSeries, timestamp: HistoryStoreFiles.date(3), query: "bad"))
            context.insert(EntryV2(mediaID: 287, mediaType: .person, timestamp: HistoryStoreFiles.date(4)))
        }
    }

    @Test("V1 → V2 keeps every row and adds an empty query")
    func v1ToV2() throws {
        let folder = TemporaryFolder()
        let url = folder.file("history.sqlite")
        try Self.writeV1(at: url)
        let container = try MigrationTesting.openMigrated(at: url, plan: SearchHistoryTestPlanV2.self)
        #expect(container.migrationReport?.storeVersion == Schema.Version(1, 0, 0))
        #expect(container.migrationReport?.targetVersion == Schema.Version(2, 0, 0))
        let rows = try MigrationTesting.fetchAll(EntryV2.self, in: container, sortBy: [SortDescriptor(\.timestamp)])
        #expect(rows.compactMap(\.mediaID) == Self.seededIDs)
        #expect(rows.compactMap(\.mediaType) == [.movie, .movie, .tvSeries, .person])
        #expect(rows.compactMap(\.timestamp) == (1...4).map { HistoryStoreFiles.date(TimeInterval($0)) })
        #expect(rows.allSatisfy { $0.query == nil })
    }

    @Test("V2 → V3 keeps every row and the custom stage pins the entries that have a query")
    func v2ToV3() throws {
        let folder = TemporaryFolder()
        let url = folder.file("history.sqlite")
        try Self.writeV2(at: url)
        let container = try MigrationTesting.openMigrated(at: url, plan: SearchHistoryTestPlanV3.self)
        #expect(container.migrationReport?.storeVersion == Schema.Version(2, 0, 0))
        #expect(container.migrationReport?.stages.count == 1)
        #expect(container.migrationReport?.stages.first?.hasCustomCode == true)
        let rows = try MigrationTesting.fetchAll(EntryV3.self, in: container, sortBy: [SortDescriptor(\.timestamp)])
        #expect(rows.compactMap(\.mediaID) == Self.seededIDs)
        #expect(rows.map(\.query) == ["fight", nil, "bad", nil])
        #expect(rows.map(\.isPinned) == [true, false, true, false])
    }

    @Test("V1 → V3 skips a version: both stages run, every row kept, none pinned")
    func v1ToV3() throws {
        let folder = TemporaryFolder()
        let url = folder.file("history.sqlite")
        try Self.writeV1(at: url)
        let container = try MigrationTesting.openMigrated(at: url, plan: SearchHistoryTestPlanV3.self)
        #expect(container.migrationReport?.storeVersion == Schema.Version(1, 0, 0))
        #expect(container.migrationReport?.stages.count == 2)
        let rows = try MigrationTesting.fetchAll(EntryV3.self, in: container, sortBy: [SortDescriptor(\.timestamp)])
        #expect(rows.compactMap(\.mediaID) == Self.seededIDs)
        #expect(rows.compactMap(\.mediaType) == [.movie, .movie, .tvSeries, .person])
        #expect(rows.allSatisfy { !$0.isPinned && $0.query == nil })
    }

    @Test("every older version migrates to the latest with its rows")
    func everyVersion() throws {
        let folder = TemporaryFolder()
        var checked: [String] = []
        try MigrationTesting.checkEveryVersionMigrates(
            plan: SearchHistoryTestPlanV3.self, in: folder.url,
            seed: { version, context in
                for (offset, id) in Self.seededIDs.enumerated() {
                    let date = HistoryStoreFiles.date(TimeInterval(offset))
                    if version == SearchHistorySchemaV1.self {
                        context.insert(
                            SearchMediaSearchHistoryEntryEntity(mediaID: id, mediaType: .movie, timestamp: date))
                    } else {
                        context.insert(EntryV2(mediaID: id, mediaType: .movie, timestamp: date, query: "q\(id)"))
                    }
                }
            },
            verify: { version, container in
                checked.append("\(version.versionIdentifier)")
                let rows = try MigrationTesting.fetchAll(
                    EntryV3.self, in: container, sortBy: [SortDescriptor(\.timestamp)])
                #expect(rows.compactMap(\.mediaID) == Self.seededIDs)
                #expect(rows.allSatisfy { $0.isPinned == (version != SearchHistorySchemaV1.self) })
                #expect(container.migrationReport?.targetVersion == Schema.Version(3, 0, 0))
            })
        #expect(checked == ["1.0.0", "2.0.0"])
    }

    @Test("a migration writes a backup of the V1 store beside it")
    func backupBeforeMigrating() throws {
        let folder = TemporaryFolder()
        let url = folder.file("history.sqlite")
        try Self.writeV1(at: url)
        let container = try MigrationTesting.openMigrated(at: url, plan: SearchHistoryTestPlanV3.self)
        let backup = try #require(container.migrationReport?.backupPath)
        #expect(FileManager.default.fileExists(atPath: backup))
    }
}
