import DataPersistenceInfrastructure
import Logging
import OpenSwiftData
import SearchDomain

/// Builds the Search context's repositories: searches through the remote data source,
/// and the search history over the context's one store. Create one factory per process:
/// its ``stores`` open the history once (relocating a legacy `searchkit-cloudkit.sqlite`
/// first, every row kept), and one actor serves every repository.
///
/// ```swift
/// let factory = SearchInfrastructureFactory(locations: locations, remoteDataSource: tmdbSearch)
/// try factory.stores.open(onFailure: .throwing)
/// try await factory.makeMediaSearchHistoryRepository()
///     .add(MediaSearchHistoryEntry(mediaID: 550, kind: .movie, timestamp: .now))
/// ```
public final class SearchInfrastructureFactory: Sendable {
    /// `popcorn-search-cloudkit.sqlite` in the data folder: the search history, migrated
    /// through ``SearchHistoryMigrationPlan`` and never deleted; its former name
    /// `searchkit-cloudkit.sqlite` is relocated when it is opened.
    public static let historyStore = StoreDescription.userData(
        fileName: "popcorn-search-cloudkit.sqlite", name: "history",
        schema: Schema(versionedSchema: SearchHistorySchemaV1.self), migrationPlan: SearchHistoryMigrationPlan.self,
        legacyFileName: "searchkit-cloudkit.sqlite")
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [historyStore]

    /// The context's stores; open them with `stores.open(onFailure:)` to report a failure
    /// rather than stop when a repository first needs them.
    public let stores: ContextStores
    private let remoteDataSource: any MediaSearchRemoteDataSource

    public init(
        locations: StoreLocations, remoteDataSource: any MediaSearchRemoteDataSource,
        logger: Logger = Logger(label: "PopcornSearch")
    ) {
        stores = ContextStores(Self.storeDescriptions, locations: locations, logger: logger)
        self.remoteDataSource = remoteDataSource
    }

    /// Searches through the remote data source.
    public func makeMediaSearchRepository() -> any MediaSearchRepository {
        DefaultMediaSearchRepository(remote: remoteDataSource)
    }

    /// The search history, straight from its store.
    public func makeMediaSearchHistoryRepository() -> any MediaSearchHistoryRepository {
        DefaultMediaSearchHistoryRepository(
            local: SwiftDataMediaSearchHistoryLocalDataSource(store: stores.actor(for: Self.historyStore)))
    }
}
