import Foundation
import OpenSwiftData
import PopcornTestSupport
import SearchDomain
import Testing

@testable import SearchInfrastructure

@Suite("The search history repository")
struct MediaSearchHistoryRepositoryTests {
    let folder = TemporaryFolder()

    func makeHistory() async throws -> any MediaSearchHistoryRepository {
        try await SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
        )
        .openedHistory()
    }

    static func entry(_ id: Int, _ kind: MediaKind, _ seconds: TimeInterval) -> MediaSearchHistoryEntry {
        MediaSearchHistoryEntry(mediaID: id, kind: kind, timestamp: HistoryStoreFiles.date(seconds))
    }

    @Test("starts empty")
    func empty() async throws {
        #expect(try await makeHistory().entries().isEmpty)
    }

    @Test("lists added entries newest first, whatever the order they were added in")
    func newestFirst() async throws {
        let history = try await makeHistory()
        try await history.add(Self.entry(603, .movie, 20))
        try await history.add(Self.entry(287, .person, 30))
        try await history.add(Self.entry(1396, .tvSeries, 10))
        #expect(
            try await history.entries() == [
                Self.entry(287, .person, 30), Self.entry(603, .movie, 20), Self.entry(1396, .tvSeries, 10),
            ])
    }

    @Test("keeps one entry per media, with the newer timestamp")
    func sameMediaTwice() async throws {
        let history = try await makeHistory()
        try await history.add(Self.entry(550, .movie, 10))
        try await history.add(Self.entry(603, .movie, 20))
        try await history.add(Self.entry(550, .movie, 30))
        #expect(try await history.entries() == [Self.entry(550, .movie, 30), Self.entry(603, .movie, 20)])

        // An older record of media already there changes nothing.
        try await history.add(Self.entry(603, .movie, 5))
        #expect(try await history.entries() == [Self.entry(550, .movie, 30), Self.entry(603, .movie, 20)])
    }

    @Test("keeps one row per media in the store, too")
    func oneRowPerMedia() async throws {
        let history = try await makeHistory()
        for seconds in [1.0, 2, 3] { try await history.add(Self.entry(550, .movie, seconds)) }
        let container = try await SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
        ).historyContainer
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<SearchMediaSearchHistoryEntryEntity>()) == 1)
    }

    @Test("tells media of different kinds with the same id apart")
    func sameIDDifferentKinds() async throws {
        let history = try await makeHistory()
        try await history.add(Self.entry(1, .movie, 1))
        try await history.add(Self.entry(1, .tvSeries, 2))
        try await history.add(Self.entry(1, .person, 3))
        #expect(try await history.entries().map(\.kind) == [.person, .tvSeries, .movie])
    }

    @Test("removes one media's entry")
    func remove() async throws {
        let history = try await makeHistory()
        try await history.add(Self.entry(550, .movie, 1))
        try await history.add(Self.entry(550, .tvSeries, 2))
        #expect(try await history.remove(mediaID: 550, kind: .movie))
        #expect(try await history.remove(mediaID: 550, kind: .movie) == false)
        #expect(try await history.entries() == [Self.entry(550, .tvSeries, 2)])
    }

    @Test("clear removes every entry, and the history can be used again")
    func clear() async throws {
        let history = try await makeHistory()
        try await history.add(Self.entry(550, .movie, 1))
        try await history.add(Self.entry(287, .person, 2))
        try await history.clear()
        #expect(try await history.entries().isEmpty)
        try await history.add(Self.entry(603, .movie, 3))
        #expect(try await history.entries() == [Self.entry(603, .movie, 3)])
    }

    @Test("skips rows missing a property and folds duplicate rows into the newest")
    func incompleteAndDuplicateRows() async throws {
        let factory = SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet)
        let container = try await factory.historyContainer
        let context = ModelContext(container)
        let incomplete = SearchMediaSearchHistoryEntryEntity(mediaID: 9, mediaType: .movie)
        incomplete.timestamp = nil
        context.insert(incomplete)
        context.insert(
            SearchMediaSearchHistoryEntryEntity(mediaID: 7, mediaType: .movie, timestamp: HistoryStoreFiles.date(1)))
        context.insert(
            SearchMediaSearchHistoryEntryEntity(mediaID: 7, mediaType: .movie, timestamp: HistoryStoreFiles.date(5)))
        try context.save()

        let local = SwiftDataMediaSearchHistoryLocalDataSource(
            store: try await factory.stores.actor(for: SearchInfrastructureFactory.historyStore))
        #expect(try await local.entries() == [Self.entry(7, .movie, 5)])
        try await local.add(Self.entry(7, .movie, 3))
        #expect(try await local.entries() == [Self.entry(7, .movie, 5)])
        let rows = try ModelContext(container).fetch(
            FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(predicate: #Predicate { $0.mediaID == 7 }))
        #expect(rows.count == 1)
    }
}
