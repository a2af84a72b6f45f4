import DataPersistenceInfrastructure
import Logging
import TVSeriesDomain

/// Builds the TV series context's repositories over its one store, the TV series cache.
/// Create one factory per process: its ``stores`` open the cache once, and one actor
/// serves every repository.
///
/// ```swift
/// let factory = TVSeriesInfrastructureFactory(locations: locations, remoteDataSource: tmdbTVSeries)
/// let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
/// ```
public final class TVSeriesInfrastructureFactory: Sendable {
    /// `popcorn-tvseries.sqlite` in the cache folder.
    public static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-tvseries.sqlite", name: "tvseries", models: TVSeriesCacheSchema.models)
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [cacheStore]

    /// The context's stores; open them with `stores.open(onFailure:)` to report a failure
    /// rather than stop when a repository first needs them.
    public let stores: ContextStores
    private let remoteDataSource: any TVSeriesRemoteDataSource

    public init(
        locations: StoreLocations, remoteDataSource: any TVSeriesRemoteDataSource,
        cachePolicy: CachePolicy = CachePolicy(), logger: Logger = Logger(label: "PopcornTVSeries")
    ) {
        stores = ContextStores(Self.storeDescriptions, locations: locations, cachePolicy: cachePolicy, logger: logger)
        self.remoteDataSource = remoteDataSource
    }

    /// Series details and credits, read through the cache.
    public func makeTVSeriesRepository() -> any TVSeriesRepository {
        DefaultTVSeriesRepository(
            local: SwiftDataTVSeriesLocalDataSource(store: cache), remote: remoteDataSource,
            cache: stores.readThroughCache)
    }

    /// Seasons with their episodes, read through the cache.
    public func makeTVSeasonRepository() -> any TVSeasonRepository {
        DefaultTVSeasonRepository(
            local: SwiftDataTVSeasonLocalDataSource(store: cache), remote: remoteDataSource,
            cache: stores.readThroughCache)
    }

    /// Single episodes, read through the cache.
    public func makeTVEpisodeRepository() -> any TVEpisodeRepository {
        DefaultTVEpisodeRepository(
            local: SwiftDataTVEpisodeLocalDataSource(store: cache), remote: remoteDataSource,
            cache: stores.readThroughCache)
    }

    private var cache: StoreActor { stores.actor(for: Self.cacheStore) }
}
