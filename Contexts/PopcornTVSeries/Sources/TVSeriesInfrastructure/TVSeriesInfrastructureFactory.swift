import DataPersistenceInfrastructure
import TVSeriesDomain

/// Builds the TV series context's repositories over its one store, the TV series cache
/// (the shared initializer and `stores` are ``ContextInfrastructureFactory``'s).
///
/// ```swift
/// let factory = TVSeriesInfrastructureFactory(locations: locations, remoteDataSource: tmdbTVSeries)
/// let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
/// ```
public final class TVSeriesInfrastructureFactory: ContextInfrastructureFactory {
    /// `popcorn-tvseries.sqlite` in the cache folder.
    public static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-tvseries.sqlite", name: "tvseries", models: TVSeriesCacheSchema.models)
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [cacheStore]
    /// The label of the context's logger when none is given.
    public static let loggerLabel = "PopcornTVSeries"
    /// The stores and the remote data source the repositories are made from.
    public let infrastructure: ContextInfrastructure<any TVSeriesRemoteDataSource>

    /// Use `init(locations:remoteDataSource:cachePolicy:logger:)`, which makes the stores.
    public init(infrastructure: ContextInfrastructure<any TVSeriesRemoteDataSource>) {
        self.infrastructure = infrastructure
    }

    /// Series details and credits, read through the cache.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeTVSeriesRepository() async throws(ModelContainerFactoryError) -> any TVSeriesRepository {
        try await DefaultTVSeriesRepository(
            local: SwiftDataTVSeriesLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Seasons with their episodes, read through the cache.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeTVSeasonRepository() async throws(ModelContainerFactoryError) -> any TVSeasonRepository {
        try await DefaultTVSeasonRepository(
            local: SwiftDataTVSeasonLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Single episodes, read through the cache.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeTVEpisodeRepository() async throws(ModelContainerFactoryError) -> any TVEpisodeRepository {
        try await DefaultTVEpisodeRepository(
            local: SwiftDataTVEpisodeLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }
}
