import DataPersistenceInfrastructure
import DiscoverDomain

/// Builds the Discover context's repositories over its one store, the cache of discovered
/// pages (the shared initializer and `stores` are ``ContextInfrastructureFactory``'s).
///
/// ```swift
/// let factory = DiscoverInfrastructureFactory(locations: locations, remoteDataSource: tmdbDiscover)
/// let page = try await factory.makeDiscoverMovieRepository()
///     .movies(matching: DiscoverFilter(genreIDs: [18], originalLanguage: "en"), page: 1)
/// ```
public final class DiscoverInfrastructureFactory: ContextInfrastructureFactory {
    /// `popcorn-discover.sqlite` in the cache folder.
    public static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-discover.sqlite", name: "discover", models: DiscoverCacheSchema.models)
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [cacheStore]
    /// The label of the context's logger when none is given.
    public static let loggerLabel = "PopcornDiscover"
    /// The stores and the remote data source the repositories are made from.
    public let infrastructure: ContextInfrastructure<any DiscoverRemoteDataSource>

    /// Use `init(locations:remoteDataSource:cachePolicy:logger:)`, which makes the stores.
    public init(infrastructure: ContextInfrastructure<any DiscoverRemoteDataSource>) {
        self.infrastructure = infrastructure
    }

    /// Pages of discovered movies, read through the cache.
    public func makeDiscoverMovieRepository() throws(ModelContainerFactoryError) -> any DiscoverMovieRepository {
        try DefaultDiscoverMovieRepository(
            local: SwiftDataDiscoverMovieLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Pages of discovered TV series, read through the cache.
    public func makeDiscoverTVSeriesRepository() throws(ModelContainerFactoryError) -> any DiscoverTVSeriesRepository {
        try DefaultDiscoverTVSeriesRepository(
            local: SwiftDataDiscoverTVSeriesLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }
}
