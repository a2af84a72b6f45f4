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
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeDiscoverMovieRepository() async throws(ModelContainerFactoryError) -> any DiscoverMovieRepository {
        try await DefaultDiscoverMovieRepository(
            local: SwiftDataDiscoverMovieLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Pages of discovered TV series, read through the cache.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeDiscoverTVSeriesRepository() async throws(ModelContainerFactoryError)
        -> any DiscoverTVSeriesRepository
    {
        try await DefaultDiscoverTVSeriesRepository(
            local: SwiftDataDiscoverTVSeriesLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }
}
