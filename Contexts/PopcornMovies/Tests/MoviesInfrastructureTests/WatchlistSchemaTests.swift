import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData
import OpenSwiftDataTesting
import PopcornTestSupport
import Testing

@testable import MoviesInfrastructure

@Suite("Watchlist schema and plan (US-2)")
struct WatchlistSchemaTests {
    @Test("V1 is version 1.0.0 with the watchlist entity")
    func schemaV1() {
        #expect(MoviesWatchlistSchemaV1.versionIdentifier == Schema.Version(1, 0, 0))
        #expect(
            MoviesWatchlistSchemaV1.models.map { ObjectIdentifier($0) } == [
                ObjectIdentifier(MoviesWatchlistMovieEntity.self)
            ])
    }

    @Test("the plan lists V1 and has no stages")
    func plan() {
        #expect(
            MoviesWatchlistMigrationPlan.schemas.map { ObjectIdentifier($0) } == [
                ObjectIdentifier(MoviesWatchlistSchemaV1.self)
            ])
        #expect(MoviesWatchlistMigrationPlan.stages.isEmpty)
    }

    @Test("a single-schema plan opens a new store and reopens it with its rows")
    func singleSchemaPlan() throws {
        let folder = TemporaryFolder()
        let url = WatchlistInfrastructureFactory.watchlistStore.url(in: StoreLocations(under: folder.url))
        try MigrationTesting.writeStore(at: url, version: MoviesWatchlistSchemaV1.self) { context in
            context.insert(MoviesWatchlistMovieEntity(movieID: 550, createdAt: Date(timeIntervalSinceReferenceDate: 1)))
        }
        let container = try MigrationTesting.openMigrated(at: url, plan: MoviesWatchlistMigrationPlan.self)
        #expect(container.migrationReport == nil)
        #expect(try MigrationTesting.fetchAll(MoviesWatchlistMovieEntity.self, in: container).map(\.movieID) == [550])
    }

    @Test("the shipped V1 matches its committed snapshot")
    func snapshot() throws {
        try SchemaSnapshotCheck.verify(
            MoviesWatchlistSchemaV1.self, against: snapshots.appending(path: "MoviesWatchlistSchemaV1.json"))
    }

    @Test("V1 → V2, V2 → V3 and V1 → V3 keep every watchlist row")
    func laterVersions() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        var checked: [String] = []
        try MigrationTesting.checkEveryVersionMigrates(
            plan: WatchlistTestPlan.self, in: folder.url,
            seed: { version, context in
                for id in [550, 603, 680] {
                    if version == MoviesWatchlistSchemaV1.self {
                        context.insert(MoviesWatchlistMovieEntity(movieID: id, createdAt: .now))
                    } else {
                        let movie = WatchlistTestSchemaV2.MoviesWatchlistMovieEntity(movieID: id, createdAt: .now)
                        movie.note = id == 603 ? "rewatch" : nil
                        context.insert(movie)
                    }
                }
            },
            verify: { version, container in
                checked.append(version.versionIdentifier.description)
                let movies = try MigrationTesting.fetchAll(
                    WatchlistTestSchemaV3.MoviesWatchlistMovieEntity.self, in: container,
                    sortBy: [SortDescriptor(\.movieID)])
                #expect(movies.compactMap(\.movieID) == [550, 603, 680])
                #expect(movies.map(\.isFavorite) == [false, version != MoviesWatchlistSchemaV1.self, false])
            })
        #expect(checked == ["1.0.0", "2.0.0"])
    }

    @Test("the test-only V2 and V3 comply with CloudKit's rules")
    func laterVersionsCloudKitReady() throws {
        let folder = TemporaryFolder()
        let url = WatchlistInfrastructureFactory.watchlistStore.url(in: StoreLocations(under: folder.url))
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try ModelContainer(
            for: Schema(versionedSchema: WatchlistTestSchemaV3.self), migrationPlan: WatchlistTestPlan.self,
            configurations: [
                ModelConfiguration(url: url, cloudKitDatabase: StoreDescription.iCloudContainer)
            ])
    }
}

let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")
