import DataPersistenceInfrastructure
import Foundation
import Logging
import OpenSwiftData
import SearchDomain
import Synchronization

/// Builds the Search context's repositories over its one store, the search history
/// `popcorn-search-cloudkit.sqlite` in the user-data folder.
///
/// The first time the store is needed, the factory:
/// 1. relocates a legacy `searchkit-cloudkit.sqlite` in the same folder to the new name,
///    keeping every row (`LegacyStoreRelocator`; when both files exist the legacy rows
///    are merged, or the legacy store is kept as a backup);
/// 2. opens the store once, through ``SearchHistoryMigrationPlan`` with a CloudKit
///    configuration (`ModelContainerFactory.makeCloudKitModelContainer`); the store is
///    never deleted.
///
/// Create one factory per process. ``makeMediaSearchHistoryRepository()`` stops the
/// program when the store cannot be opened, as the PRD has it;
/// ``makeMediaSearchHistoryRepositoryOrThrow()`` (or ``openHistoryStore()``) reports that
/// failure as an error instead.
///
/// ```swift
/// let factory = SearchInfrastructureFactory(
///     userDataDirectory: locations.dataDirectory, remoteDataSource: tmdbSearch)
/// let history = try factory.makeMediaSearchHistoryRepositoryOrThrow()
/// try await history.add(MediaSearchHistoryEntry(mediaID: 550, kind: .movie, timestamp: .now))
/// ```
///
/// ## Topics
/// - ``init(userDataDirectory:remoteDataSource:logger:)``
/// - ``makeMediaSearchRepository()``
/// - ``makeMediaSearchHistoryRepository()``
/// - ``makeMediaSearchHistoryRepositoryOrThrow()``
/// - ``openHistoryStore()``
public final class SearchInfrastructureFactory: Sendable {
    /// The iCloud container the search history is configured for.
    public static let cloudKitDatabase = CloudKitDatabase.private("iCloud.uk.co.adam-young.Popcorn")

    /// The search history store: `popcorn-search-cloudkit.sqlite` in the user-data folder.
    public let historyStoreURL: URL
    /// The store's former name, `searchkit-cloudkit.sqlite`, relocated before opening.
    public let legacyHistoryStoreURL: URL
    private let remoteDataSource: any MediaSearchRemoteDataSource
    private let logger: Logger
    private let historyContainer = Mutex<ModelContainer?>(nil)

    /// Creates the factory; nothing is read or written until a store is needed.
    ///
    /// - Parameters:
    ///   - userDataDirectory: The folder of user-data stores, such as
    ///     `StoreLocations.dataDirectory`.
    ///   - remoteDataSource: Answers searches (TMDb's multi-search in the App).
    ///   - logger: Told about relocation and store failures.
    public init(
        userDataDirectory: URL,
        remoteDataSource: any MediaSearchRemoteDataSource,
        logger: Logger = Logger(label: "PopcornSearch")
    ) {
        self.historyStoreURL = userDataDirectory.appending(
            path: StoreFileNames.searchHistory, directoryHint: .notDirectory)
        self.legacyHistoryStoreURL = userDataDirectory.appending(
            path: StoreFileNames.legacySearchHistory, directoryHint: .notDirectory)
        self.remoteDataSource = remoteDataSource
        self.logger = logger
    }

    /// Creates the factory over the user-data folder of `locations`.
    public convenience init(
        locations: StoreLocations,
        remoteDataSource: any MediaSearchRemoteDataSource,
        logger: Logger = Logger(label: "PopcornSearch")
    ) {
        self.init(userDataDirectory: locations.dataDirectory, remoteDataSource: remoteDataSource, logger: logger)
    }

    /// The history store's current schema and its migration plan, for tools that
    /// inspect, check or migrate the store.
    public static let historySchema = Schema(versionedSchema: SearchHistorySchemaV1.self)
    public static var historyMigrationPlan: any SchemaMigrationPlan.Type { SearchHistoryMigrationPlan.self }

    // MARK: Container

    /// The search history container, opened once; a store that cannot be opened stops
    /// the program (nothing is deleted).
    ///
    /// A legacy store that cannot be relocated now (another process holds it) is logged
    /// and left in place: the new store opens, and a later launch merges the legacy rows.
    var cloudKitModelContainer: ModelContainer {
        historyContainer.withLock { container in
            if let container { return container }
            do throws(LegacyStoreRelocationError) {
                try relocateLegacyStore()
            } catch {
                logger.error(
                    "\(error.description); the legacy store will be relocated on a later launch",
                    metadata: ["file": "\(legacyHistoryStoreURL.path)"])
            }
            let made = ModelContainerFactory.makeCloudKitModelContainer(
                schema: Self.historySchema, url: historyStoreURL, cloudKitDatabase: Self.cloudKitDatabase,
                migrationPlan: SearchHistoryMigrationPlan.self, logger: logger)
            container = made
            return made
        }
    }

    /// Relocates a legacy store and opens the search history, for callers (the
    /// command-line tool) that report failures instead of stopping. Does nothing once
    /// the store is open.
    ///
    /// - Throws: ``SearchInfrastructureFactoryError`` when the legacy store cannot be
    ///   relocated or the store cannot be opened or migrated; every file is then left as
    ///   it was.
    public func openHistoryStore() throws(SearchInfrastructureFactoryError) {
        try historyContainer.withLock { (container) throws(SearchInfrastructureFactoryError) in
            if container != nil { return }
            do throws(LegacyStoreRelocationError) {
                try relocateLegacyStore()
            } catch {
                throw .legacyStoreRelocationFailed(error)
            }
            do throws(ModelContainerFactoryError) {
                container = try ModelContainerFactory.makeCloudKitModelContainerOrThrow(
                    schema: Self.historySchema, url: historyStoreURL, cloudKitDatabase: Self.cloudKitDatabase,
                    migrationPlan: SearchHistoryMigrationPlan.self, logger: logger)
            } catch {
                throw .historyStoreUnavailable(error)
            }
        }
    }

    private func relocateLegacyStore() throws(LegacyStoreRelocationError) {
        let outcome = try LegacyStoreRelocator.relocate(
            from: legacyHistoryStoreURL, to: historyStoreURL, logger: logger)
        if outcome != .nothingToRelocate {
            logger.info("Relocated the legacy search history: \(outcome)")
        }
    }

    // MARK: Repositories

    /// Searches through the remote data source.
    public func makeMediaSearchRepository() -> any MediaSearchRepository {
        DefaultMediaSearchRepository(remote: remoteDataSource)
    }

    /// The search history, over the store (opened now if it is not yet).
    public func makeMediaSearchHistoryRepository() -> any MediaSearchHistoryRepository {
        DefaultMediaSearchHistoryRepository(
            local: SwiftDataMediaSearchHistoryLocalDataSource(modelContainer: cloudKitModelContainer))
    }

    /// The search history, over the store; throws where
    /// ``makeMediaSearchHistoryRepository()`` stops the program.
    ///
    /// - Throws: ``SearchInfrastructureFactoryError`` as ``openHistoryStore()`` does.
    public func makeMediaSearchHistoryRepositoryOrThrow() throws(SearchInfrastructureFactoryError)
        -> any MediaSearchHistoryRepository
    {
        try openHistoryStore()
        return makeMediaSearchHistoryRepository()
    }
}
