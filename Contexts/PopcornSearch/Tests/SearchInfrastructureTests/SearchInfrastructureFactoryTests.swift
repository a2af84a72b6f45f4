import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import PopcornTestSupport
import SearchDomain
import Testing

@testable import SearchInfrastructure

@Suite("The Search infrastructure factory")
struct SearchInfrastructureFactoryTests {
    static func entry(_ id: Int, _ kind: MediaKind, _ seconds: TimeInterval) -> MediaSearchHistoryEntry {
        MediaSearchHistoryEntry(mediaID: id, kind: kind, timestamp: HistoryStoreFiles.date(seconds))
    }

    @Test("opens popcorn-search-cloudkit.sqlite with the CloudKit configuration and the migration plan")
    func cloudKitContainerWithPlan() async throws {
        let folder = TemporaryFolder()
        let factory = SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet)
        #expect(SearchInfrastructureFactory.historyStore.fileName == "popcorn-search-cloudkit.sqlite")
        #expect(SearchInfrastructureFactory.historyStore.kind == .userData)
        #expect(SearchInfrastructureFactory.storeDescriptions.map(\.name) == ["history"])
        let container = try await factory.historyContainer
        #expect(
            container.migrationPlan.map { ObjectIdentifier($0) } == ObjectIdentifier(SearchHistoryMigrationPlan.self))
        #expect(container.configurations.count == 1)
        #expect(container.configurations.first?.cloudKitDatabase == .private("iCloud.uk.co.adam-young.Popcorn"))
        #expect(container.configurations.first?.url.path == folder.file("popcorn-search-cloudkit.sqlite").path)
        #expect(container.schema.entities.map(\.name) == ["SearchMediaSearchHistoryEntryEntity"])
        #expect(folder.exists("popcorn-search-cloudkit.sqlite"))
        #expect(!folder.exists("searchkit-cloudkit.sqlite"))
    }

    @Test("opens the store once per factory")
    func oneContainerPerFactory() async throws {
        let folder = TemporaryFolder()
        let factory = SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet)
        try await factory.stores.open(onFailure: .throwing)
        let first = try await factory.historyContainer
        try await factory.stores.open(onFailure: .throwing)
        #expect(try await factory.historyContainer === first)
        _ = try await factory.makeMediaSearchHistoryRepository()
        #expect(try await factory.historyContainer === first)
    }

    @Test("making the history opens a new store and records entries, as the PRD's factories do")
    func openedOnFirstUse() async throws {
        let folder = TemporaryFolder()
        let history = try await SearchInfrastructureFactory(
            userDataDirectory: folder.url.appending(path: "not-yet-created"), remoteDataSource: MockMediaSearchRemote(),
            logger: .quiet
        ).makeMediaSearchHistoryRepository()
        try await history.add(Self.entry(550, .movie, 1))
        #expect(try await history.entries() == [Self.entry(550, .movie, 1)])
        #expect(
            FileManager.default.fileExists(atPath: folder.url.path + "/not-yet-created/popcorn-search-cloudkit.sqlite"))
    }

    @Test("takes the user-data folder from store locations")
    func locations() {
        let folder = TemporaryFolder()
        let locations = StoreLocations(dataDirectory: folder.url, cacheDirectory: folder.url.appending(path: "cache"))
        let factory = SearchInfrastructureFactory(
            locations: locations, remoteDataSource: MockMediaSearchRemote(), logger: .quiet)
        #expect(
            factory.stores.url(of: SearchInfrastructureFactory.historyStore)
                == locations.userDataStoreURL(named: "popcorn-search-cloudkit.sqlite"))
        #expect(
            SearchInfrastructureFactory.historyStore.legacyURL(in: locations)
                == locations.userDataStoreURL(named: "searchkit-cloudkit.sqlite"))
    }

    @Test("a new factory (a new process) finds every entry the last one saved")
    func historySurvivesReopening() async throws {
        let folder = TemporaryFolder()
        do {
            let history = try await SearchInfrastructureFactory(
                userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
            ).openedHistory()
            try await history.add(Self.entry(550, .movie, 1))
            try await history.add(Self.entry(1396, .tvSeries, 2))
            try await history.add(Self.entry(287, .person, 3))
        }
        let reopened = try await SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: .quiet
        ).openedHistory()
        #expect(
            try await reopened.entries() == [
                Self.entry(287, .person, 3), Self.entry(1396, .tvSeries, 2), Self.entry(550, .movie, 1),
            ])
    }

    @Test("a garbage file at popcorn-search-cloudkit.sqlite is reported and left byte for byte")
    func garbageStoreIsNotDeleted() async throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-search-cloudkit.sqlite")
        let garbage = Data(String(repeating: "not a database, but the user's file\n", count: 200).utf8)
        try garbage.write(to: url)
        let log = LogRecorder()
        let factory = SearchInfrastructureFactory(
            userDataDirectory: folder.url, remoteDataSource: MockMediaSearchRemote(), logger: log.logger)
        await #expect {
            try await factory.stores.open(onFailure: .throwing)
        } throws: { error in
            guard let error = error as? ModelContainerFactoryError, case .userStoreUnavailable = error else {
                return false
            }
            return error.storeFilesUntouched && "\(error)".contains("popcorn-search-cloudkit.sqlite")
        }
        await #expect(throws: ModelContainerFactoryError.self) { try await factory.openedHistory() }
        #expect(try Data(contentsOf: url) == garbage)
        #expect(folder.fileNames == ["popcorn-search-cloudkit.sqlite"])
        #expect(log.messages.contains { $0.contains("left untouched") })
    }
}
