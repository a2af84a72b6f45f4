import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Migrations of stores on disk")
struct MigrationTests {
    func writeWatchlistV1(_ url: URL, count: Int = 3) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: WatchlistV1OnlyPlan.self,
            configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        for index in 0..<count {
            context.insert(
                WatchlistV1.WatchlistMovie(movieID: index, createdAt: Date(timeIntervalSinceReferenceDate: 1000)))
        }
        try context.save()
    }

    @Test("V1 → V2 adding an optional attribute keeps every row")
    func addOptionalAttribute() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try writeWatchlistV1(url)
        let container = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)])
        let report = try #require(container.migrationReport)
        #expect(report.storeVersion == Schema.Version(1, 0, 0))
        #expect(report.targetVersion == Schema.Version(2, 0, 0))
        #expect(report.stages.first?.statements == [#"ALTER TABLE "WatchlistMovie" ADD COLUMN "addedFrom" TEXT"#])
        let movies = try ModelContext(container).fetch(
            FetchDescriptor<WatchlistV2.WatchlistMovie>(sortBy: [SortDescriptor(\.movieID)]))
        #expect(movies.map(\.movieID) == [0, 1, 2])
        #expect(movies.allSatisfy { $0.addedFrom == nil && $0.createdAt == Date(timeIntervalSinceReferenceDate: 1000) })
        let stamped = try readSQL(container) { db in
            try String.fetchOne(db, sql: "SELECT value FROM openswiftdata_metadata WHERE key = 'schemaVersion'")
        }
        #expect(stamped == "2.0.0")
        // Reopening finds the store up to date.
        let again = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)])
        #expect(again.migrationReport == nil)
    }

    @Test("the bridge pattern: V1 → V2 (custom) → V3 (lightweight), one version at a time and in one open")
    func bridgePattern() throws {
        let folder = TemporaryFolder()
        func writeV1(_ url: URL) throws {
            let container = try ModelContainer(
                for: Schema(versionedSchema: BridgeV1.self), configurations: [ModelConfiguration(url: url)])
            let context = ModelContext(container)
            context.insert(BridgeV1.Parent(name: "a", legacyData: "alpha"))
            context.insert(BridgeV1.Parent(name: "b", legacyData: nil))
            context.insert(BridgeV1.Parent(name: "c", legacyData: "gamma"))
            try context.save()
        }
        enum BridgeToV2: SchemaMigrationPlan {
            static let schemas: [any VersionedSchema.Type] = [BridgeV1.self, BridgeV2.self]
            static let stages: [MigrationStage] = [BridgeMigrationPlan.migrateV1toV2]
        }
        let stepwise = folder.file("stepwise.sqlite")
        try writeV1(stepwise)
        do {
            let v2 = try ModelContainer(
                for: Schema(versionedSchema: BridgeV2.self), migrationPlan: BridgeToV2.self,
                configurations: [ModelConfiguration(url: stepwise)])
            let parents = try ModelContext(v2).fetch(FetchDescriptor<BridgeV2.Parent>(sortBy: [SortDescriptor(\.name)]))
            #expect(parents.map { $0.children.map(\.value) } == [["alpha"], [], ["gamma"]])
            #expect(parents.map(\.legacyData) == ["alpha", nil, "gamma"])
        }
        let v3 = try ModelContainer(
            for: Schema(versionedSchema: BridgeV3.self), migrationPlan: BridgeMigrationPlan.self,
            configurations: [ModelConfiguration(url: stepwise)])
        #expect(v3.migrationReport?.stages.map(\.description) == ["lightweight 2.0.0 → 3.0.0"])
        try expectBridgeV3(v3)

        let skipping = folder.file("skipping.sqlite")
        try writeV1(skipping)
        let direct = try ModelContainer(
            for: Schema(versionedSchema: BridgeV3.self), migrationPlan: BridgeMigrationPlan.self,
            configurations: [ModelConfiguration(url: skipping)])
        #expect(
            direct.migrationReport?.stages.map(\.description) == [
                "custom 1.0.0 → 2.0.0", "lightweight 2.0.0 → 3.0.0",
            ])
        try expectBridgeV3(direct)
    }

    private func expectBridgeV3(_ container: ModelContainer) throws {
        let parents = try ModelContext(container).fetch(
            FetchDescriptor<BridgeV3.Parent>(sortBy: [SortDescriptor(\.name)]))
        #expect(parents.map(\.name) == ["a", "b", "c"])
        #expect(parents.map { $0.children.map(\.value) } == [["alpha"], [], ["gamma"]])
        let columns = try readSQL(container) { db in try db.columns(in: "Parent").map(\.name) }
        #expect(columns == ["_pk", "name"])
    }

    @Test("seeds/003: adding isAmbientSession = false and lastInteraction keeps every row, backfilled")
    func addDefaultedAttribute() throws {
        let folder = TemporaryFolder()
        let url = folder.file("epilogue.sqlite")
        try writeReadingV1(url, sessions: 50)
        let container = try ModelContainer(
            for: Schema(versionedSchema: ReadingV2.self), migrationPlan: ReadingMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)])
        let sessions = try ModelContext(container).fetch(FetchDescriptor<ReadingV2.ReadingSession>())
        #expect(sessions.count == 50)
        #expect(sessions.allSatisfy { $0.isAmbientSession == false && $0.lastInteraction == nil })
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ReadingV2.BookModel>()) == 2)
        let backups = MigrationBackup.backups(of: url)
        #expect(backups.count == 1)
        #expect(backups.first?.lastPathComponent.hasSuffix(".v1.0.0.backup") == true)
        #expect(container.migrationReport?.backupPath == backups.first?.path)
    }

    @Test("the same change is inferred without a plan")
    func inferredMigration() throws {
        let folder = TemporaryFolder()
        let url = folder.file("epilogue.sqlite")
        try writeReadingV1(url, sessions: 5)
        let container = try ModelContainer(
            for: Schema(versionedSchema: ReadingV2.self), configurations: [ModelConfiguration(url: url)])
        #expect(container.migrationReport?.stages.map(\.description) == ["inferred"])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ReadingV2.ReadingSession>()) == 5)
        #expect(MigrationBackup.backups(of: url).isEmpty)
    }

    @Test("seeds/003: a new non-optional field without a default is refused and the file is byte-identical")
    func refuseRequiredField() throws {
        let folder = TemporaryFolder()
        let url = folder.file("epilogue.sqlite")
        try writeReadingV1(url, sessions: 3)
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(
                for: Schema([ReadingRequiredField.BookModel.self, ReadingRequiredField.ReadingSession.self]),
                configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard
                case .refusedChange("ReadingSession", "newField", let reason, let remedy) = (error as? SwiftDataError)?
                    .cause
            else { return false }
            return reason.contains("without a default value") && remedy.contains("default value")
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("seeds/003: a schema that forgets a model whose table has rows is refused, file byte-identical")
    func refuseForgottenModel() throws {
        let folder = TemporaryFolder()
        let url = folder.file("epilogue.sqlite")
        try writeReadingV1(url, sessions: 3)
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(
                for: Schema([ReadingForgotModel.BookModel.self]), configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard case .refusedChange("ReadingSession", nil, let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return reason.contains("3 rows")
        }
        #expect(try fileBytes(url) == before)
        let reopened = try ModelContainer(
            for: Schema(versionedSchema: ReadingV1.self), configurations: [ModelConfiguration(url: url)])
        #expect(try ModelContext(reopened).fetchCount(FetchDescriptor<ReadingV1.ReadingSession>()) == 3)
    }

    func writeReadingV1(_ url: URL, sessions: Int) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: ReadingV1.self), configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        context.insert(ReadingV1.BookModel(title: "Dune"))
        context.insert(ReadingV1.BookModel(title: "Emma"))
        for index in 0..<sessions {
            context.insert(ReadingV1.ReadingSession(startDate: Date(timeIntervalSinceReferenceDate: Double(index))))
        }
        try context.save()
    }

    @Test("a store that matches no version names the differences from the nearest one")
    func unknownVersion() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        _ = try ModelContainer(for: WatchlistWithNote.self, configurations: ModelConfiguration(url: url))
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
                configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard case .unknownModelVersion(_, let nearest, let differences) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return nearest != nil && differences.contains("entity WatchlistMovie is not in the store")
                && differences.contains("entity WatchlistWithNote is in the store but not in the schema")
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("a store written by a newer version is refused as such")
    func storeIsNewer() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try writeWatchlistV1(url)
        _ = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)])
        let before = try fileBytes(url)
        expectCause(.storeIsNewer(path: url.path, storeVersion: "2.0.0", latestKnownVersion: "1.0.0")) {
            _ = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: WatchlistV1OnlyPlan.self,
                configurations: [ModelConfiguration(url: url)])
        }
        #expect(try fileBytes(url) == before)
        let error = SwiftDataError.storeIsNewer(path: "p", storeVersion: "2.0.0", latestKnownVersion: "1.0.0")
        #expect(error.description.contains("newer than the latest this program knows"))
        // SwiftData's spelling: a store from a newer version is a backward migration.
        #expect(error == .backwardMigration)
    }

    @Test("plans are validated before anything is touched")
    func invalidPlans() throws {
        enum Unchained: SchemaMigrationPlan {
            static let schemas: [any VersionedSchema.Type] = [WatchlistV1.self, WatchlistV2.self]
            static let stages: [MigrationStage] = []
        }
        enum Decreasing: SchemaMigrationPlan {
            static let schemas: [any VersionedSchema.Type] = [WatchlistV2.self, WatchlistV1.self]
            static let stages: [MigrationStage] = [
                .lightweight(fromVersion: WatchlistV2.self, toVersion: WatchlistV1.self)
            ]
        }
        let folder = TemporaryFolder()
        let url = folder.file("s.sqlite")
        for plan: any SchemaMigrationPlan.Type in [Unchained.self, WatchlistV1OnlyPlan.self] {
            #expect {
                _ = try ModelContainer(
                    for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: plan,
                    configurations: [ModelConfiguration(url: url)])
            } throws: { error in
                guard case .invalidMigrationPlan = (error as? SwiftDataError)?.cause else { return false }
                return true
            }
        }
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV1.self), migrationPlan: Decreasing.self,
                configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard case .invalidMigrationPlan(let reason) = (error as? SwiftDataError)?.cause else { return false }
            return reason.contains("versions must increase")
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("the newest three backups are kept, each named with the old version")
    func backupRotation() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        for _ in 0..<4 {
            try? FileManager.default.removeItem(at: url)
            try writeWatchlistV1(url)
            _ = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
                configurations: [ModelConfiguration(url: url)])
        }
        let backups = MigrationBackup.backups(of: url)
        #expect(backups.count == 3)
        #expect(backups.allSatisfy { $0.lastPathComponent.hasSuffix(".v1.0.0.backup") })
        let rows = try DatabaseQueue(path: try #require(backups.last).path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM WatchlistMovie")
        }
        #expect(rows == 3)
    }

    @Test("progress is reported stage by stage")
    func progress() throws {
        let folder = TemporaryFolder()
        let url = folder.file("stepwise.sqlite")
        let container = try ModelContainer(
            for: Schema(versionedSchema: BridgeV1.self), configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        for index in 0..<20 { context.insert(BridgeV1.Parent(name: "p\(index)", legacyData: "d\(index)")) }
        try context.save()
        let events = ObservedProgress()
        _ = try ModelContainer(
            for: Schema(versionedSchema: BridgeV3.self), migrationPlan: BridgeMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)], migrationObserver: { events.append($0) })
        let phases = events.all.map { "\($0.stageNumber)/\($0.stageCount) \($0.phase.rawValue)" }
        #expect(phases.first == "0/0 backing up")
        #expect(phases.contains("1/2 didMigrate"))
        #expect(phases.contains("2/2 changing the store's shape"))
        #expect(phases.last == "2/2 verifying row counts")
        #expect(events.all.map(\.rowsDone).max() == 40, "20 children inserted and 20 parents updated")
    }

    @Test("a dry run returns the stages and their SQL and leaves the file untouched")
    func dryRun() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try writeWatchlistV1(url)
        let before = try fileBytes(url)
        let report = try ModelContainer.dryRunMigration(
            for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: WatchlistMigrationPlan.self,
            configuration: ModelConfiguration(url: url))
        #expect(report.storeVersion == Schema.Version(1, 0, 0))
        #expect(report.stages.map(\.description) == ["lightweight 1.0.0 → 2.0.0"])
        #expect(report.stages.first?.statements == [#"ALTER TABLE "WatchlistMovie" ADD COLUMN "addedFrom" TEXT"#])
        #expect(report.description.contains("ADD COLUMN"))
        #expect(try fileBytes(url) == before)
        #expect(MigrationBackup.backups(of: url).isEmpty)
        let reopened = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV1.self), configurations: [ModelConfiguration(url: url)])
        #expect(reopened.migrationReport == nil, "the store is still at version 1")
    }

    @Test("a migration that loses rows no stage deleted is rolled back")
    func rowCountCheck() throws {
        enum LosingPlan: SchemaMigrationPlan {
            static let schemas: [any VersionedSchema.Type] = [WatchlistV1.self, WatchlistV2.self]
            static let stages: [MigrationStage] = [
                .custom(
                    fromVersion: WatchlistV1.self, toVersion: WatchlistV2.self,
                    willMigrate: { context in
                        // A bug that deletes a row behind the context's back.
                        try context.core.access(toStore: 0).write { db in
                            try db.execute(sql: "DELETE FROM WatchlistMovie WHERE movieID = 0")
                        }
                    },
                    didMigrate: nil)
            ]
        }
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try writeWatchlistV1(url)
        let before = try fileBytes(url)
        expectCause(.rowCountMismatch(entity: "WatchlistMovie", expected: 3, found: 2)) {
            _ = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: LosingPlan.self,
                configurations: [ModelConfiguration(url: url)])
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("a custom stage that throws leaves the store as it was")
    func failingStage() throws {
        struct StageError: Error {}
        enum FailingPlan: SchemaMigrationPlan {
            static let schemas: [any VersionedSchema.Type] = [WatchlistV1.self, WatchlistV2.self]
            static let stages: [MigrationStage] = [
                .custom(
                    fromVersion: WatchlistV1.self, toVersion: WatchlistV2.self, willMigrate: nil,
                    didMigrate: { context in
                        for movie in try context.fetch(FetchDescriptor<WatchlistV2.WatchlistMovie>()) {
                            movie.addedFrom = "search"
                        }
                        try context.save()
                        throw StageError()
                    })
            ]
        }
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try writeWatchlistV1(url)
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV2.self), migrationPlan: FailingPlan.self,
                configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard case .migrationStageFailed(let stage, _) = (error as? SwiftDataError)?.cause else { return false }
            return stage == "custom 1.0.0 → 2.0.0"
        }
        #expect(try fileBytes(url) == before)
    }
}

/// Collects progress events from the migrating thread.
final class ObservedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [MigrationProgress] = []

    func append(_ event: MigrationProgress) { lock.withLock { events.append(event) } }
    var all: [MigrationProgress] { lock.withLock { events } }
}
