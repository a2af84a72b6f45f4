import DataPersistenceInfrastructure
import OpenSwiftData
import SearchDomain

/// Builds the Search context's repositories: searches through the remote data source,
/// and the search history over the context's one store, which ``stores`` open once, when
/// the history's repository is first made (throwing when it cannot be opened; relocating a legacy `searchkit-cloudkit.sqlite` first, every row kept). The shared
/// initializer and `stores` are ``ContextInfrastructureFactory``'s; the context has no
/// cache, so the initializer's `cachePolicy` changes nothing here.
///
/// ```swift
/// let factory = SearchInfrastructureFactory(locations: locations, remoteDataSource: tmdbSearch)
/// try await factory.makeMediaSearchHistoryRepository()
///     .add(MediaSearchHistoryEntry(mediaID: 550, kind: .movie, timestamp: .now))
/// ```
public final class SearchInfrastructureFactory: ContextInfrastructureFactory {
    /// `popcorn-search-cloudkit.sqlite` in the data folder: the search history, migrated
    /// through ``SearchHistoryMigrationPlan`` and never deleted; its former name
    /// `searchkit-cloudkit.sqlite` is relocated when it is opened. Synced between machines,
    /// an entry is identified by its media (the same id can be a movie, a series and a
    /// person): the same media picked on two machines is one entry, with the later time.
    public static let historyStore = StoreDescription.userData(
        fileName: "popcorn-search-cloudkit.sqlite", name: "history",
        schema: Schema(versionedSchema: SearchHistorySchemaV1.self), migrationPlan: SearchHistoryMigrationPlan.self,
        legacyFileName: "searchkit-cloudkit.sqlite",
        syncKeys: [SyncKey(SearchMediaSearchHistoryEntryEntity.self, \.mediaID, \.mediaType)])
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [historyStore]
    /// The label of the context's logger when none is given.
    public static let loggerLabel = "PopcornSearch"
    /// The stores and the remote data source the repositories are made from.
    public let infrastructure: ContextInfrastructure<any MediaSearchRemoteDataSource>

    /// Use `init(locations:remoteDataSource:cachePolicy:logger:)`, which makes the stores.
    public init(infrastructure: ContextInfrastructure<any MediaSearchRemoteDataSource>) {
        self.infrastructure = infrastructure
    }

    /// Searches through the remote data source.
    public func makeMediaSearchRepository() -> any MediaSearchRepository {
        DefaultMediaSearchRepository(remote: remoteDataSource)
    }

    /// The search history, straight from its store.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeMediaSearchHistoryRepository() async throws(ModelContainerFactoryError)
        -> any MediaSearchHistoryRepository
    {
        try await DefaultMediaSearchHistoryRepository(
            local: SwiftDataMediaSearchHistoryLocalDataSource(store: stores.actor(for: Self.historyStore)))
    }
}
