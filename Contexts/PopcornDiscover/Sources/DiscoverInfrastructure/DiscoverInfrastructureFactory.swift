import DataPersistenceInfrastructure
import DiscoverDomain
import Logging

/// Builds the Discover context's repositories over its one store, the cache of discovered
/// pages. Create one factory per process: its ``stores`` open the cache once, and one
/// actor serves every repository.
///
/// ```swift
/// let factory = DiscoverInfrastructureFactory(locations: locations, remoteDataSource: tmdbDiscover)
/// let page = try await factory.makeDiscoverMovieRepository()
///     .movies(matching: DiscoverFilter(genreIDs: [18], originalLanguage: "en"), page: 1)
/// ```
public final class DiscoverInfrastructureFactory: Sendable {
    /// `popcorn-discover.sqlite` in the cache folder.
    public static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-discover.sqlite", name: "discover", models: DiscoverCacheSchema.models)
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [cacheStore]

    /// The context's stores; open them with `stores.open(onFailure:)` to report a failure
    /// rather than stop when a repository first needs them.
    public let stores: ContextStores
    private let remoteDataSource: any DiscoverRemoteDataSource

    public init(
        locations: StoreLocations, remoteDataSource: any DiscoverRemoteDataSource,
        cachePolicy: CachePolicy = CachePolicy(), logger: Logger = Logger(label: "PopcornDiscover")
    ) {
        stores = ContextStores(Self.storeDescriptions, locations: locations, cachePolicy: cachePolicy, logger: logger)
        self.remoteDataSource = remoteDataSource
    }

    /// Pages of discovered movies, read through the cache.
    public func makeDiscoverMovieRepository() -> any DiscoverMovieRepository {
        DefaultDiscoverMovieRepository(
            local: SwiftDataDiscoverMovieLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Pages of discovered TV series, read through the cache.
    public func makeDiscoverTVSeriesRepository() -> any DiscoverTVSeriesRepository {
        DefaultDiscoverTVSeriesRepository(
            local: SwiftDataDiscoverTVSeriesLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }
}
