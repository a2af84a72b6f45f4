import Foundation
import StoreSyncTesting
import Testing

@testable import StoreSync

@Suite("Sync status")
struct StatusTests {
    @Test("a store never synced counts every model as pending; after a sync, only what changed since")
    func pending() async throws {
        let url = try await TestPostgres.newDatabase()
        let machine = try Machine()
        for movie in 1...3 { try machine.add(movie: movie) }
        let before = try await StoreSyncStatus.read(machine.store)
        #expect(before.neverSynced && before.pendingChanges == 3 && before.lastSync == nil && before.lastRemote == nil)

        try await machine.sync(url)
        let after = try await StoreSyncStatus.read(machine.store)
        #expect(!after.neverSynced && after.pendingChanges == 0)
        #expect(try after.lastRemote == SyncRemote(url: url).description)
        let password = try #require(try SyncRemote(url: url).password)
        #expect(after.lastRemote?.contains(password) == false)
        #expect(try #require(after.lastSync).timeIntervalSinceNow > -60)

        try machine.edit(movie: 1, note: "x")
        try machine.remove(movie: 2)
        try machine.add(movie: 9)
        #expect(try await StoreSyncStatus.read(machine.store).pendingChanges == 3)
    }
}
