import Foundation
import OpenSwiftData
import Testing

@testable import DataPersistenceInfrastructure

@Suite("SyncKey: a store's sync keys declared with key paths")
struct SyncKeyTests {
    @Test("key paths name the entity and its persisted properties, in order")
    func namesProperties() {
        let key = SyncKey(HistoryEntry.self, \.timestamp, \.mediaID)
        #expect(key.entityName == "HistoryEntry")
        #expect(key.propertyNames == ["timestamp", "mediaID"])
    }

    @Test("a user store keeps its sync keys by entity, in a later release's version too; a cache has none")
    func declaredByTheStore() {
        let store = StoreDescription.userData(
            fileName: "popcorn-search-cloudkit.sqlite", name: "history",
            schema: Schema(versionedSchema: HistorySchemaV1.self), migrationPlan: HistoryMigrationPlan.self,
            syncKeys: [SyncKey(HistoryEntry.self, \.mediaID), SyncKey(WatchlistNote.self, \.movieID, \.note)])
        #expect(store.syncKeysByEntity == ["HistoryEntry": ["mediaID"], "WatchlistNote": ["movieID", "note"]])
        let next = store.with(schema: Schema([HistoryEntry.self, WatchlistNote.self]), migrationPlan: nil)
        #expect(next.syncKeys == store.syncKeys)
        let cache = StoreDescription.cache(fileName: "c.sqlite", name: "c", models: [CachedMovie.self])
        #expect(cache.syncKeys.isEmpty)
        #expect(cache.syncKeysByEntity.isEmpty)
    }

    @Test("a key path to something that is not a persisted property stops the program")
    func notAProperty() async {
        await #expect(processExitsWith: .failure) {
            _ = SyncKey(HistoryEntry.self, \.persistentModelID)
        }
    }
}
