import Foundation
import Testing

@testable import OpenSwiftData

@Suite("StoreFile backups and restore: one naming rule, SQLite's backup API")
struct StoreBackupTests {
    typealias Fixtures = StoreFileFixtures
    let newYear = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test("backups are named <file>.<UTC time>.<label>.backup, and a second in the same instant gets -2")
    func naming() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try Fixtures.writeV1(url, ids: [1])
        let store = StoreFile(url: url)
        let first = try store.backup(label: "manual", at: newYear)
        let second = try store.backup(label: "manual", at: newYear)
        #expect(first.lastPathComponent == "watchlist.sqlite.20260101T000000.000Z.manual.backup")
        #expect(second.lastPathComponent == "watchlist.sqlite.20260101T000000.000Z-2.manual.backup")
        let later = try store.backup(label: "v1.0.0", at: newYear.addingTimeInterval(1.5))
        #expect(later.lastPathComponent == "watchlist.sqlite.20260101T000001.500Z.v1.0.0.backup")
        #expect(store.backupURLs() == [second, first, later].map(\.standardizedFileURL).sorted { $0.path < $1.path })
        #expect(
            store.backupURLs { $0 == "manual" }.map(\.lastPathComponent) == [second, first].map(\.lastPathComponent))
        #expect(store.backupURLs { $0.hasPrefix("v") }.map(\.lastPathComponent) == [later.lastPathComponent])
        #expect(StoreFile.backupLabel(of: "watchlist.sqlite-wal", store: "watchlist.sqlite") == nil)
    }

    @Test("a backup holds the rows still in the -wal of an open store, and only its owner can read it")
    func consistentCopy() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        let container = try ModelContainer(
            for: Fixtures.schemaV1, migrationPlan: WatchlistV1OnlyPlan.self,
            configurations: [ModelConfiguration(url: url)])
        try Fixtures.insert(Array(1...30), into: container)
        let wal = try #require(StoreFile(url: url).companionURLs.first)
        #expect((try FileManager.default.attributesOfItem(atPath: wal.path)[.size] as? Int ?? 0) > 0)
        let backup = try StoreFile(url: url).backup(label: "manual")
        #expect(!StoreFile(url: backup).companionURLs.contains { FileManager.default.fileExists(atPath: $0.path) })
        let permissions = try FileManager.default.attributesOfItem(atPath: backup.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try Fixtures.movieIDs(at: backup) == Array(1...30))
        withExtendedLifetime(container) {}
    }

    @Test("backing up nothing, or onto an existing file, fails and writes nothing")
    func refusals() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        #expect(throws: SwiftDataError.self) { try StoreFile(url: url).backup(label: "manual") }
        try Fixtures.writeV1(url, ids: [1])
        let taken = folder.file("taken.sqlite")
        try Fixtures.garbage.write(to: taken)
        #expect(throws: SwiftDataError.self) { try StoreFile(url: url).backup(to: taken) }
        #expect(try fileBytes(taken) == Fixtures.garbage)
        let garbage = folder.file("garbage.sqlite")
        try Fixtures.garbage.write(to: garbage)
        #expect(throws: SwiftDataError.self) { try StoreFile(url: garbage).backup(label: "manual") }
        let names = try Fixtures.names(in: folder)
        #expect(names == ["garbage.sqlite", "taken.sqlite", "watchlist.sqlite"], "\(names)")
    }

    @Test("restore puts the backup in place and keeps the replaced store as a before-restore backup")
    func restore() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try Fixtures.writeV1(url, ids: [1, 2])
        let store = StoreFile(url: url)
        let backup = try store.backup(label: "manual", at: newYear)
        try Fixtures.insert(
            [3], into: ModelContainer(for: Fixtures.schemaV1, configurations: [ModelConfiguration(url: url)]))
        #expect(try Fixtures.movieIDs(at: url) == [1, 2, 3])

        let kept = try #require(try store.restore(from: backup, at: newYear.addingTimeInterval(60)))
        #expect(kept.lastPathComponent == "watchlist.sqlite.20260101T000100.000Z.before-restore.backup")
        // Backups are single files: inspecting and restoring from one left nothing beside it.
        #expect(StoreFile(url: backup).inspect().state != .missing)
        let companions = try Fixtures.names(in: folder).filter {
            $0.hasSuffix(".backup-wal") || $0.hasSuffix(".backup-shm")
        }
        #expect(companions.isEmpty, "\(companions)")
        #expect(try Fixtures.movieIDs(at: url) == [1, 2])
        #expect(try Fixtures.movieIDs(at: kept) == [1, 2, 3])
        #expect(!(try Fixtures.names(in: folder)).contains { $0.hasSuffix(".restoring") })
    }

    @Test("restoring where there is no store yet keeps nothing; a file that is not a store is refused")
    func restoreEdges() throws {
        let folder = TemporaryFolder()
        let source = folder.file("source.sqlite")
        try Fixtures.writeV1(source, ids: [7])
        let url = folder.file("fresh/watchlist.sqlite")
        #expect(try StoreFile(url: url).restore(from: source) == nil)
        #expect(try Fixtures.movieIDs(at: url) == [7])

        let garbage = folder.file("garbage.sqlite")
        try Fixtures.garbage.write(to: garbage)
        let before = try fileBytes(url)
        #expect {
            try StoreFile(url: url).restore(from: garbage)
        } throws: { error in
            guard case .corruptFile = (error as? SwiftDataError)?.cause else { return false }
            return true
        }
        #expect(throws: SwiftDataError.self) { try StoreFile(url: url).restore(from: folder.file("missing.sqlite")) }
        #expect(try fileBytes(url) == before)
        #expect(StoreFile(url: url).backupURLs().isEmpty)
    }
}
