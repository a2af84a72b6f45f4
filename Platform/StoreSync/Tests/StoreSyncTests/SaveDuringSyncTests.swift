import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// A change saved while a sync of its store is in flight is ordered by when it was saved,
/// not by when it is pushed: the pull that ends that sync raises the store's clock past
/// writes made elsewhere after the save, and a stamp taken from that clock at the next push
/// would order the save after them.
@Suite("A save made while a sync is in flight")
struct SaveDuringSyncTests {
    /// A watchlist entry saved and synced on A, then pulled by B.
    private func movieOnBoth(_ url: String) async throws -> (Machine, Machine) {
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 7, note: "first")
        try await a.sync(url)
        try await b.sync(url)
        return (a, b)
    }

    @Test("a removal saved during A's sync loses to B's later re-add, on both machines")
    func removalLosesToLaterReAdd() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await movieOnBoth(url)
        try b.remove(movie: 7)
        try await b.sync(url)
        let (aContainer, bContainer, bStore) = (a.container, b.container, b.store)
        try await a.sync(url) {
            // A's removal, then B's re-add 20 ms later, pushed before A's sync pulls.
            let context = ModelContext(aContainer)
            try context.delete(model: WatchedMovie.self, where: #Predicate { $0.movieID == 7 })
            try context.save()
            try await Task.sleep(for: .milliseconds(20))
            let other = ModelContext(bContainer)
            other.insert(WatchedMovie(movieID: 7, createdAt: Date(), note: "again"))
            try other.save()
            _ = try await StoreSyncEngine(remote: try SyncRemote(url: url)).sync([bStore])
        }
        try await a.sync(url)
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.description) == ["7/again"])
        #expect(try b.movies().map(\.description) == ["7/again"])
    }

    @Test("an edit saved during A's sync wins over B's earlier edit, on both machines")
    func editWinsOverEarlierEdit() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = try await movieOnBoth(url)
        let (aContainer, bContainer, bStore) = (a.container, b.container, b.store)
        try await a.sync(url) {
            let other = ModelContext(bContainer)
            for entry in try other.fetch(FetchDescriptor<WatchedMovie>()) { entry.note = "b" }
            try other.save()
            _ = try await StoreSyncEngine(remote: try SyncRemote(url: url)).sync([bStore])
            try await Task.sleep(for: .milliseconds(20))
            let context = ModelContext(aContainer)
            for entry in try context.fetch(FetchDescriptor<WatchedMovie>()) { entry.note = "a" }
            try context.save()
        }
        try await a.sync(url)
        try await b.sync(url)
        #expect(try a.movies().map(\.description) == ["7/a"])
        #expect(try b.movies().map(\.description) == ["7/a"])
    }
}
