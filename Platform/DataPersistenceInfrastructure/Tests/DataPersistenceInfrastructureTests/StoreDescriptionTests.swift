import Foundation
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@Suite("StoreDescription: a store declared once")
struct StoreDescriptionTests {
    let locations = StoreLocations(
        dataDirectory: URL(fileURLWithPath: "/srv/data"), cacheDirectory: URL(fileURLWithPath: "/srv/cache"))

    @Test("a cache lives in the cache folder, without CloudKit or a plan")
    func cache() {
        let store = StoreDescription.cache(
            fileName: "popcorn-movies.sqlite", name: "movies", models: [CachedMovie.self])
        #expect(store.kind == .cache)
        #expect(store.kind.rawValue == "cache")
        #expect(store.url(in: locations).path == "/srv/cache/popcorn-movies.sqlite")
        #expect(store.cloudKitDatabase == CloudKitDatabase.none)
        #expect(store.migrationPlan == nil)
        #expect(store.legacyURL(in: locations) == nil)
        #expect(store.schema.entities.map(\.name) == ["CachedMovie"])
        #expect(store.configuration(in: locations).url.path == "/srv/cache/popcorn-movies.sqlite")
    }

    @Test("user data lives in the data folder, configured for the app's iCloud container, with its plan")
    func userData() {
        let store = StoreDescription.userData(
            fileName: "popcorn-search-cloudkit.sqlite", name: "history",
            schema: Schema(versionedSchema: HistorySchemaV1.self), migrationPlan: HistoryMigrationPlan.self,
            legacyFileName: "searchkit-cloudkit.sqlite")
        #expect(store.kind.rawValue == "user data")
        #expect(store.url(in: locations).path == "/srv/data/popcorn-search-cloudkit.sqlite")
        #expect(store.legacyURL(in: locations)?.path == "/srv/data/searchkit-cloudkit.sqlite")
        #expect(store.cloudKitDatabase == .private("iCloud.uk.co.adam-young.Popcorn"))
        #expect(store.cloudKitDatabase == StoreDescription.iCloudContainer)
        #expect(store.configuration(in: locations).cloudKitDatabase == StoreDescription.iCloudContainer)
        #expect(store.migrationPlan.map(ObjectIdentifier.init) == ObjectIdentifier(HistoryMigrationPlan.self))
        let next = store.with(schema: Schema([WatchlistNote.self]), migrationPlan: nil)
        #expect(next.fileName == store.fileName)
        #expect(next.kind == .userData)
        #expect(next.schema.entities.map(\.name) == ["WatchlistNote"])
        #expect(next.migrationPlan == nil)
    }
}
