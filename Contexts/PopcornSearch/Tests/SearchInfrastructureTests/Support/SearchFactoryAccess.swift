import DataPersistenceInfrastructure
import Foundation
import Logging
import OpenSwiftData
import SearchDomain

@testable import SearchInfrastructure

extension SearchInfrastructureFactory {
    /// A factory whose data folder is `folder`, where the tests look for the history's files.
    convenience init(userDataDirectory folder: URL, remoteDataSource: any MediaSearchRemoteDataSource, logger: Logger) {
        self.init(
            locations: StoreLocations(dataDirectory: folder, cacheDirectory: folder.appending(path: "cache")),
            remoteDataSource: remoteDataSource, logger: logger)
    }

    /// The history, its store opened first so that a failure is thrown, as the App opens it.
    func openedHistory() async throws -> any MediaSearchHistoryRepository {
        try await stores.open(onFailure: .throwing)
        return try await makeMediaSearchHistoryRepository()
    }

    /// The history store's container, read with fresh contexts by the tests.
    var historyContainer: ModelContainer {
        get async throws { try await stores.actor(for: Self.historyStore).modelContainer }
    }
}
