import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import PopcornTestSupport
import Testing

@testable import SearchInfrastructure

let snapshotsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")

@Suite("Search history schema and plan (US-2)")
struct SearchHistorySchemaTests {
    @Test("V1 is version 1.0.0 with the history entry entity")
    func schemaV1() {
        #expect(SearchHistorySchemaV1.versionIdentifier == Schema.Version(1, 0, 0))
        #expect(
            SearchHistorySchemaV1.models.map { ObjectIdentifier($0) } == [
                ObjectIdentifier(SearchMediaSearchHistoryEntryEntity.self)
            ])
        let entity = Schema(versionedSchema: SearchHistorySchemaV1.self).entities.map(\.name)
        #expect(entity == ["SearchMediaSearchHistoryEntryEntity"])
    }

    @Test("the plan lists V1 only and has no stages")
    func plan() {
        #expect(
            SearchHistoryMigrationPlan.schemas.map { ObjectIdentifier($0) } == [
                ObjectIdentifier(SearchHistorySchemaV1.self)
            ])
        #expect(SearchHistoryMigrationPlan.stages.isEmpty)
    }

    @Test("a single-schema plan creates a new store, then reopens it with its rows")
    func singleSchemaPlan() throws {
        let folder = TemporaryFolder()
        let url = folder.file(SearchInfrastructureFactory.historyStore.fileName)
        let schema = Schema(versionedSchema: SearchHistorySchemaV1.self)
        let configuration = ModelConfiguration(
            schema: schema, url: url, cloudKitDatabase: StoreDescription.iCloudContainer)
        do {
            let container = try ModelContainer(
                for: schema, migrationPlan: SearchHistoryMigrationPlan.self, configurations: [configuration])
            let context = ModelContext(container)
            context.insert(SearchMediaSearchHistoryEntryEntity(mediaID: 550, mediaType: .movie))
            context.insert(SearchMediaSearchHistoryEntryEntity(mediaID: 287, mediaType: .person))
            try context.save()
        }
        let reopened = try ModelContainer(
            for: schema, migrationPlan: SearchHistoryMigrationPlan.self, configurations: [configuration])
        #expect(reopened.migrationReport?.isUpToDate ?? true)
        let rows = try MigrationTesting.fetchAll(
            SearchMediaSearchHistoryEntryEntity.self, in: reopened, sortBy: [SortDescriptor(\.mediaID)])
        #expect(rows.compactMap(\.mediaID) == [287, 550])
        #expect(rows.compactMap(\.mediaType) == [.person, .movie])
    }

    @Test("the shipped V1 matches its committed snapshot")
    func snapshot() throws {
        try SchemaSnapshotCheck.verify(
            SearchHistorySchemaV1.self, against: snapshotsFolder.appending(path: "SearchHistorySchemaV1.json"))
    }

    @Test("the history entry complies with CloudKit's rules in every version")
    func cloudKitReady() throws {
        let folder = TemporaryFolder()
        for (index, version) in SearchHistoryTestPlanV3.schemas.enumerated() {
            let schema = Schema(versionedSchema: version)
            let configuration = ModelConfiguration(
                schema: schema, url: folder.file("v\(index).sqlite"),
                cloudKitDatabase: StoreDescription.iCloudContainer)
            _ = try ModelContainer(for: schema, configurations: [configuration])
        }
    }
}
