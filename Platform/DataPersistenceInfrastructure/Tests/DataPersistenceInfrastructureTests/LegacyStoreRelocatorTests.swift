import Foundation
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@Suite("LegacyStoreRelocator: searchkit-cloudkit.sqlite becomes popcorn-search-cloudkit.sqlite")
struct LegacyStoreRelocatorTests {
    let schema = Schema(versionedSchema: HistorySchemaV1.self)
    let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let legacyName = "searchkit-cloudkit.sqlite"
    static let newName = "popcorn-search-cloudkit.sqlite"

    func openHistory(_ url: URL) throws -> ModelContainer {
        try ModelContainerFactory.makeCloudKitModelContainer(
            schema: schema, url: url, cloudKitDatabase: popcornCloudKitDatabase,
            migrationPlan: HistoryMigrationPlan.self, logger: LogRecorder().logger, onFailure: .throwing)
    }

    @Test("rows still in an un-checkpointed -wal are all moved to the new file")
    func movesRowsInWAL() throws {
        let folder = TemporaryFolder()
        let live = folder.file("live/\(Self.legacyName)")
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        do {
            let container = try openHistory(live)
            let context = ModelContext(container)
            for id in 1...25 { context.insert(HistoryEntry(mediaID: id)) }
            try context.save()
            // Copied while the container is open: the rows live in the -wal.
            let walSize = try FileManager.default.attributesOfItem(atPath: companion(live, "-wal").path)[.size] as? Int
            #expect((walSize ?? 0) > 0)
            for suffix in ["", "-wal", "-shm"] {
                try FileManager.default.copyItem(at: companion(live, suffix), to: companion(legacy, suffix))
            }
        }
        let log = LogRecorder()
        let outcome = try LegacyStoreRelocator.relocate(from: legacy, to: target, logger: log.logger, now: now)
        #expect(outcome == .moved)
        #expect(!LegacyStoreRelocatorTests.anyFile(of: legacy))
        #expect(log.messages(at: .notice).first?.contains("Moved") == true)
        #expect(try historyMediaIDs(in: openHistory(target)) == Array(1...25))
    }

    @Test("with both files, the legacy rows are merged into the new file and the old one kept as a backup")
    func mergesBoth() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        try writeStore(at: legacy, schema: schema, cloudKitDatabase: popcornCloudKitDatabase) {
            [HistoryEntry(mediaID: 1), HistoryEntry(mediaID: 2), HistoryEntry(mediaID: 3)]
        }
        try writeStore(at: target, schema: schema, cloudKitDatabase: popcornCloudKitDatabase) {
            [HistoryEntry(mediaID: 10), HistoryEntry(mediaID: 20)]
        }
        let legacyCount = try rowCount(in: "HistoryEntry", at: legacy)
        let targetCount = try rowCount(in: "HistoryEntry", at: target)
        let log = LogRecorder()
        let outcome = try LegacyStoreRelocator.relocate(from: legacy, to: target, logger: log.logger, now: now)
        let backup = try #require(outcome.backupURL)
        #expect(outcome == .merged(rowCount: legacyCount, backupURL: backup))
        #expect(backup.lastPathComponent == "searchkit-cloudkit.sqlite.20260101T000000.000Z.legacy.backup")
        #expect(try rowCount(in: "HistoryEntry", at: target) == legacyCount + targetCount)
        #expect(try rowCount(in: "HistoryEntry", at: backup) == legacyCount)
        #expect(!fileExists(legacy))
        #expect(log.messages(at: .notice).first?.contains("Merged 3 rows") == true)
        #expect(log.messages(at: .notice).first?.contains(backup.path) == true)
        #expect(try historyMediaIDs(in: openHistory(target)) == [1, 2, 3, 10, 20])
    }

    @Test("running again after a merge does nothing")
    func idempotent() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        try writeStore(at: legacy, schema: schema) { [HistoryEntry(mediaID: 1)] }
        try writeStore(at: target, schema: schema) { [HistoryEntry(mediaID: 2)] }
        _ = try LegacyStoreRelocator.relocate(from: legacy, to: target, logger: LogRecorder().logger)
        let again = try LegacyStoreRelocator.relocate(from: legacy, to: target, logger: LogRecorder().logger)
        #expect(again == .nothingToRelocate)
        #expect(try rowCount(in: "HistoryEntry", at: target) == 2)
    }

    @Test("with both files of different schemas, nothing is merged and the old file is kept as a backup")
    func keepsBackupWhenSchemasDiffer() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        try writeStore(at: legacy, schema: Schema([WatchlistNote.self])) {
            [WatchlistNote(movieID: 1, note: "a"), WatchlistNote(movieID: 2, note: "b")]
        }
        try writeStore(at: target, schema: schema) { [HistoryEntry(mediaID: 10)] }
        let log = LogRecorder()
        let outcome = try LegacyStoreRelocator.relocate(from: legacy, to: target, logger: log.logger, now: now)
        guard case .keptAsBackup(let backup, let reason) = outcome else {
            Issue.record("expected keptAsBackup, got \(outcome)")
            return
        }
        #expect(reason.contains("entities differ"))
        #expect(try rowCount(in: "WatchlistNote", at: backup) == 2)
        #expect(try rowCount(in: "HistoryEntry", at: target) == 1)
        #expect(!fileExists(legacy))
        #expect(log.messages(at: .warning).first?.contains("as a backup at \(backup.path)") == true)
    }

    @Test("with both files holding related entities, the legacy rows are merged with their links")
    func mergesRelated() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        let related = Schema([Playlist.self, PlaylistItem.self])
        for (url, name) in [(legacy, "old"), (target, "new")] {
            try writeStore(at: url, schema: related) {
                let playlist = Playlist(name: name)
                playlist.items = [PlaylistItem(title: "\(name) 1"), PlaylistItem(title: "\(name) 2")]
                return [playlist]
            }
        }
        let outcome = try LegacyStoreRelocator.relocate(from: legacy, to: target, logger: LogRecorder().logger)
        let backup = try #require(outcome.backupURL)
        #expect(outcome == .merged(rowCount: 3, backupURL: backup))
        #expect(try rowCount(in: "PlaylistItem", at: backup) == 2)
        #expect(try rowCount(in: "PlaylistItem", at: target) == 4)
        let context = ModelContext(try ModelContainer(for: related, configurations: [ModelConfiguration(url: target)]))
        let playlists = try context.fetch(FetchDescriptor<Playlist>(sortBy: [SortDescriptor(\.name)]))
        #expect(playlists.map(\.name) == ["new", "old"])
        #expect(
            playlists.map { Set(($0.items ?? []).compactMap(\.title)) } == [["new 1", "new 2"], ["old 1", "old 2"]])
    }

    @Test("a second backup in the same second gets its own name")
    func uniqueBackupNames() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        try writeStore(at: target, schema: schema) { [HistoryEntry(mediaID: 10)] }
        var backups: [URL] = []
        for id in 1...2 {
            try writeStore(at: legacy, schema: Schema([WatchlistNote.self])) { [WatchlistNote(movieID: id, note: "n")] }
            let outcome = try LegacyStoreRelocator.relocate(
                from: legacy, to: target, logger: LogRecorder().logger, now: now)
            backups.append(try #require(outcome.backupURL))
        }
        #expect(
            backups.map(\.lastPathComponent) == [
                "searchkit-cloudkit.sqlite.20260101T000000.000Z.legacy.backup",
                "searchkit-cloudkit.sqlite.20260101T000000.000Z-2.legacy.backup",
            ])
    }

    @Test("no legacy file: nothing is touched")
    func nothingToRelocate() throws {
        let folder = TemporaryFolder()
        let target = folder.file(Self.newName)
        let outcome = try LegacyStoreRelocator.relocate(
            from: folder.file(Self.legacyName), to: target, logger: LogRecorder().logger)
        #expect(outcome == .nothingToRelocate)
        #expect(!fileExists(target))
    }

    @Test("a legacy file that is not a database is kept byte-identical as a backup, not moved into place")
    func unreadableLegacy() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) })
        try garbage.write(to: legacy)
        let outcome = try LegacyStoreRelocator.relocate(
            from: legacy, to: target, logger: LogRecorder().logger, now: now)
        let backup = try #require(outcome.backupURL)
        #expect(try Data(contentsOf: backup) == garbage)
        #expect(!fileExists(legacy))
        #expect(!fileExists(target))
    }

    @Test("orphaned companions at the new name are set aside, not applied to the moved store")
    func orphanedCompanions() throws {
        let folder = TemporaryFolder()
        let legacy = folder.file(Self.legacyName)
        let target = folder.file(Self.newName)
        try writeStore(at: legacy, schema: schema) { [HistoryEntry(mediaID: 4)] }
        try Data(repeating: 7, count: 1024).write(to: companion(target, "-wal"))
        let outcome = try LegacyStoreRelocator.relocate(
            from: legacy, to: target, logger: LogRecorder().logger, now: now)
        #expect(outcome == .moved)
        let names = folder.fileNames
        #expect(
            names.contains { $0.hasPrefix("popcorn-search-cloudkit.sqlite-wal.20260101T000000.000Z.orphaned.backup") })
        #expect(try historyMediaIDs(in: openHistory(target)) == [4])
    }

    static func anyFile(of url: URL) -> Bool {
        ["", "-wal", "-shm"].contains { fileExists(companion(url, $0)) }
    }
}
