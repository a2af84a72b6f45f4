import DataPersistenceInfrastructure
import Foundation
import PopcornTestSupport
import SearchDomain
import Testing

@testable import SearchInfrastructure

/// The store's actor has one context that every repository of the store shares: a delete
/// whose save fails must not stay pending there for the next save to write.
@Suite("A search-history delete that cannot be saved is rolled back")
struct HistoryDeleteRollbackTests {
    let folder = TemporaryFolder()

    /// A history holding two entries, then opened read-only by another factory (as by
    /// another process), so that every save fails.
    func readOnlyHistory() async throws -> (StoreActor, any MediaSearchHistoryRepository) {
        func factory() -> SearchInfrastructureFactory {
            SearchInfrastructureFactory(
                userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet)
        }
        let history = try await factory().openedHistory()
        try await history.add(
            MediaSearchHistoryEntry(mediaID: 550, kind: .movie, timestamp: HistoryStoreFiles.date(10)))
        try await history.add(
            MediaSearchHistoryEntry(mediaID: 287, kind: .person, timestamp: HistoryStoreFiles.date(20)))
        let reader = factory()
        let store = try await reader.stores.open(
            SearchInfrastructureFactory.historyStore, access: .readOnly, onFailure: .throwing)
        return try await (store, reader.makeMediaSearchHistoryRepository())
    }

    @Test("remove fails, and the entry is neither pending deletion nor gone")
    func remove() async throws {
        let (store, history) = try await readOnlyHistory()
        await #expect(throws: MediaSearchHistoryError.self) { try await history.remove(mediaID: 550, kind: .movie) }
        #expect(try await store.perform { $0.hasChanges } == false)
        #expect(try await history.entries().map(\.mediaID) == [287, 550])
    }

    @Test("clear fails, and no entry is pending deletion or gone")
    func clear() async throws {
        let (store, history) = try await readOnlyHistory()
        await #expect(throws: MediaSearchHistoryError.self) { try await history.clear() }
        #expect(try await store.perform { $0.hasChanges } == false)
        #expect(try await history.entries().map(\.mediaID) == [287, 550])
    }
}
