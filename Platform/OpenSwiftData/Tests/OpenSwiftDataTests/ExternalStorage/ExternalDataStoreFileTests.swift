import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A store's external data goes wherever the store goes: backups, restores, migration
/// backups, moves, removal, copies of rows, dry runs and migrations that drop a column.
@Suite("External data with StoreFile and migrations")
struct ExternalDataStoreFileTests {
    typealias Stores = AlbumStores

    @Test("a backup carries the files its copy names, and reads back on its own")
    func backupCarriesFiles() throws {
        let folder = TemporaryFolder()
        let url = folder.file("album.sqlite")
        try Stores.writeV1(url, arts: [largeData(1), Data([1, 2]), largeData(2)])
        let backup = try StoreFile(url: url).backup(label: "manual")
        #expect(Stores.files(of: backup) == Stores.files(of: url))
        #expect(Stores.files(of: backup).count == 2)
        StoreFile(url: url).removeFiles()
        #expect(try Stores.artsV1(at: backup) == [largeData(1), Data([1, 2]), largeData(2)])
    }

    @Test("a backup of a store whose file is missing fails, and leaves no partial copy")
    func backupWithMissingFileFails() throws {
        let folder = TemporaryFolder()
        let url = folder.file("album.sqlite")
        try Stores.writeV1(url, arts: [largeData(3)])
        let name = try #require(Stores.files(of: url).first)
        try FileManager.default.removeItem(at: ExternalDataFolder(storeURL: url).fileURL(name))
        let destination = folder.file("copy.sqlite")
        #expect(throws: SwiftDataError.self) { try StoreFile(url: url).backup(to: destination) }
        #expect(!StoreFile(url: destination).hasAnyFile)
    }

    @Test("restore puts the backup's files back, and keeps the replaced store's in its before-restore backup")
    func restoreBringsFilesBack() throws {
        let folder = TemporaryFolder()
        let url = folder.file("album.sqlite")
        try Stores.writeV1(url, arts: [largeData(4)])
        let backup = try StoreFile(url: url).backup(label: "manual")
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: AlbumV1.self), configurations: [ModelConfiguration(url: url)])
            let context = ModelContext(container)
            let cover = try #require(try context.fetch(FetchDescriptor<AlbumV1.Cover>()).first)
            cover.art = largeData(5)
            try context.save()
        }
        let replaced = try #require(try StoreFile(url: url).restore(from: backup))
        #expect(try Stores.artsV1(at: url) == [largeData(4)])
        #expect(try Stores.artsV1(at: replaced) == [largeData(5)])
    }

    @Test("move(to:) moves the support folder, and removeFiles() removes it")
    func moveAndRemove() throws {
        let folder = TemporaryFolder()
        let url = folder.file("album.sqlite")
        try Stores.writeV1(url, arts: [largeData(6)])
        let moved = folder.file("renamed.sqlite")
        try StoreFile(url: url).move(to: moved)
        #expect(!StoreFile(url: url).hasAnyFile)
        #expect(!FileManager.default.fileExists(atPath: StoreFile(url: url).supportFolderURL.path))
        #expect(try Stores.artsV1(at: moved) == [largeData(6)])
        StoreFile(url: moved).removeFiles()
        #expect(!FileManager.default.fileExists(atPath: StoreFile(url: moved).supportFolderURL.path))
        #expect(!StoreFile(url: moved).hasAnyFile)
    }

    @Test("copyRows copies the files the copied rows name, under new names")
    func copyRowsCopiesFiles() throws {
        let folder = TemporaryFolder()
        let source = folder.file("old.sqlite")
        let destination = folder.file("new.sqlite")
        try Stores.writeV1(source, arts: [largeData(7)])
        try Stores.writeV1(destination, arts: [largeData(8)])
        #expect(try StoreFile(url: destination).copyRows(from: source) == 1)
        #expect(try Stores.artsV1(at: destination) == [largeData(8), largeData(7)])
        #expect(Stores.files(of: destination).count == 2)
        #expect(Stores.files(of: destination).isDisjoint(with: Stores.files(of: source)))
        #expect(try StoreFile(url: destination).copyRows(from: source) == 1, "a second copy gets its own files")
        #expect(Stores.files(of: destination).count == 3)
    }

    @Test("a migration's backup carries the files, and the migrated store still reads them")
    func migrationBackupCarriesFiles() throws {
        let folder = TemporaryFolder()
        let url = folder.file("album.sqlite")
        try Stores.writeV1(url, arts: [largeData(9)])
        let container = try ModelContainer(
            for: Schema(versionedSchema: AlbumV2.self), migrationPlan: AlbumPlanToV2.self,
            configurations: [ModelConfiguration(url: url)])
        let backup = try #require(container.migrationReport?.backupPath.map { URL(fileURLWithPath: $0) })
        #expect(Stores.files(of: backup) == Stores.files(of: url))
        #expect(try Stores.artsV1(at: backup) == [largeData(9)])
        let covers = try ModelContext(container).fetch(FetchDescriptor<AlbumV2.Cover>())
        #expect(covers.map(\.art) == [largeData(9)])
    }

    @Test("a migration that drops an externally stored attribute removes its files once it commits")
    func droppedColumnFilesGoAfterCommit() throws {
        let folder = TemporaryFolder()
        let url = folder.file("album.sqlite")
        try Stores.writeV1(url, arts: [largeData(10), largeData(11)])
        let before = Stores.files(of: url)
        #expect(before.count == 2)

        #expect(throws: SwiftDataError.self) {
            _ = try ModelContainer(
                for: Schema(versionedSchema: AlbumV3Refused.self), migrationPlan: AlbumPlanRefused.self,
                configurations: [ModelConfiguration(url: url)])
        }
        #expect(Stores.files(of: url) == before, "a refused migration keeps every file")

        let report = try ModelContainer.dryRunMigration(
            for: Schema(versionedSchema: AlbumV3.self), migrationPlan: AlbumPlanToV3.self,
            configuration: ModelConfiguration(url: url))
        #expect(report.stages.count == 2)
        #expect(Stores.files(of: url) == before, "a dry run migrates a copy")

        let container = try ModelContainer(
            for: Schema(versionedSchema: AlbumV3.self), migrationPlan: AlbumPlanToV3.self,
            configurations: [ModelConfiguration(url: url)])
        #expect(Stores.files(of: url).isEmpty)
        let backup = try #require(container.migrationReport?.backupPath.map { URL(fileURLWithPath: $0) })
        #expect(Stores.files(of: backup) == before)
    }
}
