import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("StoreFile.inspect: what a store holds, read without writing")
struct StoreInspectionTests {
    typealias Fixtures = StoreFileFixtures

    @Test("a store of the expected schema: ok, its version and its rows per entity")
    func upToDate() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try Fixtures.writeV1(url, ids: [1, 2, 3])
        let before = try fileBytes(url)
        let inspection = StoreFile(url: url).inspect(
            expecting: Fixtures.schemaV1, migrationPlan: WatchlistV1OnlyPlan.self)
        #expect(inspection.state == .ok)
        #expect(inspection.schemaVersion == Schema.Version(1, 0, 0))
        #expect(inspection.entities == [StoreInspection.EntityRows(entity: "WatchlistMovie", rowCount: 3)])
        #expect(inspection.totalRowCount == 3)
        #expect(inspection.fileSize == before.count)
        #expect(inspection.isModelStore)
        #expect(try fileBytes(url) == before, "inspecting writes nothing")
    }

    @Test("an older version needs migration, from the version the plan recognises")
    func olderVersion() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try Fixtures.writeV1(url, ids: [1])
        let store = StoreFile(url: url)
        #expect(
            store.inspect(expecting: Fixtures.schemaV2, migrationPlan: WatchlistMigrationPlan.self).state
                == .needsMigration(from: Schema.Version(1, 0, 0)))
        #expect(store.inspect(expecting: Fixtures.schemaV2).state == .needsMigration(from: Schema.Version(1, 0, 0)))
        #expect(store.inspect().state == .ok, "without a schema, any readable store is ok")
    }

    @Test("a store newer than the plan knows, and one of no known version")
    func newerAndUnknown() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        _ = try ModelContainer(
            for: Fixtures.schemaV2, migrationPlan: WatchlistMigrationPlan.self,
            configurations: [ModelConfiguration(url: url)])
        let store = StoreFile(url: url)
        #expect(
            store.inspect(expecting: Fixtures.schemaV1, migrationPlan: WatchlistV1OnlyPlan.self).state
                == .newer(storeVersion: Schema.Version(2, 0, 0)))
        let other = folder.file("other.sqlite")
        _ = try makeContainer([SearchMediaSearchHistoryEntryEntity.self], folder: folder, name: "other.sqlite")
        guard
            case .unknownVersion(let differences) = StoreFile(url: other).inspect(
                expecting: Fixtures.schemaV1, migrationPlan: WatchlistV1OnlyPlan.self
            ).state
        else {
            Issue.record("expected unknownVersion")
            return
        }
        #expect(differences.contains("entity WatchlistMovie is not in the store"))
    }

    @Test("missing, zero-length, foreign and garbage files, each left as it was")
    func otherFiles() throws {
        let folder = TemporaryFolder()
        #expect(StoreFile(url: folder.file("none.sqlite")).inspect().state == .missing)
        #expect(StoreFile(url: folder.file("none.sqlite")).inspect().fileSize == nil)

        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(StoreFile(url: empty).inspect().state == .empty)

        let foreign = folder.file("foreign.sqlite")
        try DatabaseQueue(path: foreign.path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect(StoreFile(url: foreign).inspect().state == .notAModelStore(tables: ["notes"]))
        #expect(!StoreFile(url: foreign).inspect().isModelStore)

        let garbage = folder.file("garbage.sqlite")
        try Fixtures.garbage.write(to: garbage)
        #expect(StoreFile(url: garbage).inspect().state == .damaged(reason: "file is not a database"))
        #expect(try fileBytes(garbage) == Fixtures.garbage)
        #expect(try Fixtures.names(in: folder) == ["empty.sqlite", "foreign.sqlite", "garbage.sqlite"])
    }

    @Test("the states read as a person would say them")
    func descriptions() {
        #expect(StoreInspection.State.ok.description == "ok")
        #expect(
            StoreInspection.State.needsMigration(from: Schema.Version(1, 0, 0)).description
                == "needs migration from 1.0.0")
        #expect(
            StoreInspection.State.newer(storeVersion: Schema.Version(3, 0, 0)).description
                == "written by a newer version (3.0.0)")
        #expect(StoreInspection.State.damaged(reason: "x").description == "damaged: x")
    }
}
