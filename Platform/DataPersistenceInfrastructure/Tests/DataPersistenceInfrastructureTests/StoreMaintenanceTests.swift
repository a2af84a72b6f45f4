import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

/// `StoreMaintenance`: the stores inspected, checked, migrated, backed up, restored and
/// removed outside their contexts, with typed results.
@Suite("StoreMaintenance: the store lifecycle outside the contexts")
struct StoreMaintenanceTests {
    let folder = TemporaryFolder()
    let log = LogRecorder(label: "StoreMaintenanceTests")

    var locations: StoreLocations { StoreLocations(under: folder.url) }
    var cache: StoreDescription { ContextStoresTests.cacheStore }
    var history: StoreDescription { ContextStoresTests.historyStore }

    func makeStores() -> ContextStores {
        ContextStores([cache, history], locations: locations, logger: log.logger)
    }

    /// The history store with two entries, created through its plan, closed.
    func writeHistory() async throws {
        let context = ModelContext(try await makeStores().actor(for: history).modelContainer)
        context.insert(HistoryEntry(mediaID: 5))
        context.insert(HistoryEntry(mediaID: 6))
        try context.save()
    }

    @Test("status: missing, empty, unreadable, and a readable store with its rows and version")
    func status() async throws {
        #expect(StoreMaintenance.status(of: history, in: locations).state == .missing)
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        try Data().write(to: cache.url(in: locations))
        let empty = StoreMaintenance.status(of: cache, in: locations)
        #expect(empty.state == .empty)
        #expect(empty.sizeBytes == 0)
        try Data(repeating: 0x42, count: 4096).write(to: cache.url(in: locations))
        guard case .unreadable = StoreMaintenance.status(of: cache, in: locations).state else {
            Issue.record("a file that is not a database is unreadable")
            return
        }

        try await writeHistory()
        let readable = StoreMaintenance.status(of: history, in: locations)
        #expect(readable.state == .readable)
        #expect(readable.schemaVersion == Schema.Version(1, 0, 0))
        #expect(readable.rows.contains { $0.entity == "HistoryEntry" && $0.rowCount == 2 })
        #expect(readable.totalRows == 2)
        #expect(readable.isWritable)
        #expect(readable.url == history.url(in: locations))
    }

    @Test("checks: integrity and schema of a missing, a current, a foreign cache and a foreign user store")
    func checks() async throws {
        #expect(StoreMaintenance.checkIntegrity(of: history, in: locations) == .missing)
        try await writeHistory()
        #expect(StoreMaintenance.checkIntegrity(of: history, in: locations) == .ok)
        #expect(StoreMaintenance.checkSchema(of: history, in: locations) == .current)
        #expect(!StoreMaintenance.checkSchema(of: history, in: locations).isProblem)

        // Stores of another schema: a cache is recreated on next use, a user store refused.
        try FileManager.default.createDirectory(at: folder.cacheDirectory, withIntermediateDirectories: true)
        try writeStore(at: cache.url(in: locations), schema: Schema([ForeignRecord.self])) {
            [ForeignRecord(name: "a", count: 1)]
        }
        guard case .recreated = StoreMaintenance.checkSchema(of: cache, in: locations) else {
            Issue.record("a cache of another schema is recreated")
            return
        }
        let foreignUser = StoreDescription.userData(
            fileName: cache.fileName, name: "foreign", schema: history.schema, migrationPlan: HistoryMigrationPlan.self)
        let refused = StoreMaintenance.checkSchema(
            of: foreignUser, in: StoreLocations(dataDirectory: folder.cacheDirectory, cacheDirectory: folder.url))
        #expect(refused.isProblem)
    }

    @Test("migrate: an up-to-date store is only read; a store that cannot be migrated is refused, unchanged")
    func migrate() async throws {
        try await writeHistory()
        guard case .upToDate(let version) = try StoreMaintenance.migrate(history, in: locations, dryRun: false) else {
            Issue.record("the store is at the declared version")
            return
        }
        #expect(version == Schema.Version(1, 0, 0))

        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: history.url(in: locations))
        #expect {
            try StoreMaintenance.migrate(history, in: locations, dryRun: true)
        } throws: { error in
            guard let error = error as? StoreMaintenanceError, case .migrationRefused = error else { return false }
            return error.cause == .refused && error.description.contains("cannot be migrated and was left as it was")
        }
        #expect(try Data(contentsOf: history.url(in: locations)) == garbage)
    }

    @Test("backup: a cache and a missing store are refused; a user store is copied beside itself")
    func backup() async throws {
        #expect(throws: StoreMaintenanceError.self) { try StoreMaintenance.backup(cache, in: locations) }
        #expect {
            try StoreMaintenance.backup(history, in: locations)
        } throws: { error in
            (error as? StoreMaintenanceError)?.cause == .notFound
        }
        try await writeHistory()
        let backup = try StoreMaintenance.backup(history, in: locations)
        #expect(backup.deletingLastPathComponent().path == history.url(in: locations).deletingLastPathComponent().path)
        #expect(backup.lastPathComponent.hasSuffix(".manual.backup"))
        #expect(try rowCount(in: "HistoryEntry", at: backup) == 2)
    }

    @Test("restore: a file that is not a store is refused; a backup replaces the store, which is kept")
    func restore() async throws {
        try await writeHistory()
        let backup = try StoreMaintenance.backup(history, in: locations)
        let notAStore = folder.url.appending(path: "not-a-store.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: notAStore)
        #expect {
            try StoreMaintenance.restore(history, in: locations, from: notAStore)
        } throws: { error in
            guard let error = error as? StoreMaintenanceError, case .notRestorable = error else { return false }
            return error.cause == .refused
        }
        #expect {
            try StoreMaintenance.restore(cache, in: locations, from: backup)
        } throws: { error in
            (error as? StoreMaintenanceError)?.cause == .notUserData
        }
        // Another entry after the backup, which the restore takes away.
        try await {
            let context = ModelContext(try await makeStores().actor(for: history).modelContainer)
            context.insert(HistoryEntry(mediaID: 7))
            try context.save()
        }()
        let kept = try #require(try StoreMaintenance.restore(history, in: locations, from: backup))
        #expect(try rowCount(in: "HistoryEntry", at: kept) == 3)
        #expect(try rowCount(in: "HistoryEntry", at: history.url(in: locations)) == 2)
    }

    @Test("removeCaches deletes the caches that exist and never a user store")
    func removeCaches() async throws {
        try await makeStores().open(onFailure: .throwing)
        let other = StoreDescription.cache(fileName: "popcorn-other.sqlite", name: "other", models: [CachedPage.self])
        let removed = StoreMaintenance.removeCaches([cache, history, other], in: locations)
        #expect(removed.map(\.fileName) == [cache.fileName])
        #expect(!fileExists(cache.url(in: locations)))
        #expect(fileExists(history.url(in: locations)))
    }

    @Test("opening for a change of every store opens those that exist and creates none")
    func openExistingForWriting() async throws {
        try await writeHistory()
        let stores = makeStores()
        try await stores.openExistingForWriting()
        #expect(!fileExists(cache.url(in: locations)))
        #expect(try await historyMediaIDs(in: stores.actor(for: history).modelContainer) == [5, 6])
    }

    @Test("opening every store read-only gives nil for a missing store and creates nothing")
    func openExistingReadOnly() async throws {
        try await writeHistory()
        let found = try await makeStores().openExistingReadOnly()
        #expect(found.map(\.store.fileName) == [cache.fileName, history.fileName])
        #expect(found[0].actor == nil)
        #expect(found[0].isWritable)
        #expect(!fileExists(cache.url(in: locations)))
        let actor = try #require(found[1].actor)
        await #expect(throws: SwiftDataError.self) {
            try await actor.perform { context in
                context.insert(HistoryEntry(mediaID: 8))
                try context.save()
            }
        }
    }

    @Test("opening a writable store for reading opens it to read and write")
    func openForReading() async throws {
        let stores = makeStores()
        #expect(try await stores.openForReading(history) == .readWrite)
        #expect(fileExists(history.url(in: locations)))
        #expect(try await stores.openForWriting(history) === stores.actor(for: history))
    }
}
