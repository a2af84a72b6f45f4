import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@Suite("makeCloudKitModelContainer: user stores are migrated, never deleted")
struct CloudKitModelContainerTests {
    let schema = Schema(versionedSchema: HistorySchemaV1.self)

    func open(_ url: URL, logger: Logger) -> ModelContainer {
        ModelContainerFactory.makeCloudKitModelContainer(
            schema: schema, url: url, cloudKitDatabase: popcornCloudKitDatabase,
            migrationPlan: HistoryMigrationPlan.self, logger: logger, onFailure: .trap)
    }

    @Test("a single-schema V1 plan opens a fresh file, and a second open keeps the rows")
    func freshThenReopen() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-search-cloudkit.sqlite")
        do {
            let container = open(url, logger: LogRecorder().logger)
            #expect(container.configurations.first?.cloudKitDatabase == popcornCloudKitDatabase)
            #expect(container.migrationPlan != nil)
            let context = ModelContext(container)
            context.insert(HistoryEntry(mediaID: 550))
            context.insert(HistoryEntry(mediaID: 603))
            try context.save()
        }
        let reopened = open(url, logger: LogRecorder().logger)
        #expect(try historyMediaIDs(in: reopened) == [550, 603])
    }

    @Test("a store that no version of the plan matches fails, is left byte-identical, and the error says why")
    func refusedStoreIsUntouched() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-search-cloudkit.sqlite")
        try writeStore(at: url, schema: Schema([WatchlistNote.self]), cloudKitDatabase: popcornCloudKitDatabase) {
            [WatchlistNote(movieID: 1, note: "keep me"), WatchlistNote(movieID: 2, note: "and me")]
        }
        let before = try Data(contentsOf: url)
        #expect(!fileExists(companion(url, "-wal")))
        let log = LogRecorder()
        #expect {
            _ = try ModelContainerFactory.makeCloudKitModelContainer(
                schema: schema, url: url, cloudKitDatabase: popcornCloudKitDatabase,
                migrationPlan: HistoryMigrationPlan.self, logger: log.logger, onFailure: .throwing)
        } throws: { error in
            guard let error = error as? ModelContainerFactoryError,
                case .userStoreUnavailable(let failedURL, let underlying) = error
            else { return false }
            return failedURL == url && error.storeFilesUntouched && underlying is SwiftDataError
                && error.description.contains(url.path) && error.description.contains("untouched")
                && error.description.contains("\(underlying)")
        }
        #expect(try Data(contentsOf: url) == before)
        // OpenSwiftData's read-only check may leave an empty -wal (and an -shm index) behind;
        // an empty WAL holds no frames, so the store's content is unchanged.
        #expect((try? Data(contentsOf: companion(url, "-wal")))?.isEmpty ?? true, "the -wal holds no frames")
        #expect(try rowCount(in: "WatchlistNote", at: url) == 2)
        #expect(log.messages(at: .error).first?.contains(url.path) == true)
    }

    @Test("an unreadable user store is never deleted: garbage stays byte-identical")
    func garbageIsUntouched() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies-cloudkit.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
        try garbage.write(to: url)
        #expect(throws: ModelContainerFactoryError.self) {
            _ = try ModelContainerFactory.makeCloudKitModelContainer(
                schema: schema, url: url, cloudKitDatabase: popcornCloudKitDatabase,
                migrationPlan: HistoryMigrationPlan.self, logger: LogRecorder().logger, onFailure: .throwing)
        }
        #expect(try Data(contentsOf: url) == garbage)
        #expect(!fileExists(companion(url, "-wal")))
    }

    @Test("the trapping version stops the process when the store cannot be opened")
    func failureTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ModelContainerFactory.makeCloudKitModelContainer(
                schema: Schema(versionedSchema: HistorySchemaV1.self),
                url: URL(fileURLWithPath: "/dev/null/popcorn-search-cloudkit.sqlite"),
                cloudKitDatabase: popcornCloudKitDatabase,
                migrationPlan: HistoryMigrationPlan.self,
                logger: Logger(label: "exit-test") { _ in SwiftLogNoOpLogHandler() }, onFailure: .trap
            )
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Cannot open the user-data store /dev/null/popcorn-search-cloudkit.sqlite"))
        #expect(message.contains("left untouched"))
    }

    @Test("the sync notice is logged once per notice, not per container, and never for .none")
    func syncNoticeOnce() {
        let notice = CloudKitSyncNotice()
        let first = LogRecorder()
        let second = LogRecorder()
        #expect(!notice.logIfFirst(for: .none, logger: first.logger))
        #expect(notice.logIfFirst(for: popcornCloudKitDatabase, logger: first.logger))
        #expect(!notice.logIfFirst(for: popcornCloudKitDatabase, logger: second.logger))
        #expect(first.messages(at: .notice).count == 1)
        #expect(first.messages(at: .notice).first?.contains("CloudKit sync is unavailable") == true)
        #expect(first.messages(at: .notice).first?.contains("StoreSync syncs them") == true)
        #expect(second.entries.isEmpty)
    }

    @Test("the factory's process-wide notice is not repeated for later containers")
    func factoryNoticeNotRepeated() throws {
        let folder = TemporaryFolder()
        _ = open(folder.file("a.sqlite"), logger: LogRecorder().logger)
        let later = LogRecorder()
        _ = open(folder.file("b.sqlite"), logger: later.logger)
        #expect(later.messages(at: .notice).filter { $0.contains("CloudKit sync") }.isEmpty)
    }
}
