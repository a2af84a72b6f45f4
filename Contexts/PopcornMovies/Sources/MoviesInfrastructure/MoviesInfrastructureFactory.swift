import DataPersistenceInfrastructure
import MoviesDomain
import OpenSwiftData

/// Builds the Movies context's repositories over its two stores (the shared initializer
/// and `stores` are ``ContextInfrastructureFactory``'s). Making a repository opens its
/// store if it is not open, and throws `ModelContainerFactoryError` when it cannot.
///
/// ```swift
/// let factory = MoviesInfrastructureFactory(locations: locations, remoteDataSource: tmdbMovies)
/// let watchlist = try await factory.makeWatchlistRepository().movies()
/// ```
public final class MoviesInfrastructureFactory: ContextInfrastructureFactory {
    /// `popcorn-movies.sqlite` in the cache folder: movie details and list pages.
    public static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-movies.sqlite", name: "movies", models: MoviesCacheSchema.models)
    /// `popcorn-movies-cloudkit.sqlite` in the data folder: the watchlist, migrated through
    /// ``MoviesWatchlistMigrationPlan`` and never deleted. Synced between machines, an
    /// entry is identified by its movie: the same movie added on two machines is one entry.
    public static let watchlistStore = StoreDescription.userData(
        fileName: "popcorn-movies-cloudkit.sqlite", name: "watchlist",
        schema: Schema(versionedSchema: MoviesWatchlistSchemaV1.self), migrationPlan: MoviesWatchlistMigrationPlan.self,
        syncKeys: [SyncKey(MoviesWatchlistMovieEntity.self, \.movieID)])
    /// The context's stores, for the app's store catalogue.
    public static let storeDescriptions = [cacheStore, watchlistStore]
    /// The label of the context's logger when none is given.
    public static let loggerLabel = "PopcornMovies"
    /// The stores and the remote data source the repositories are made from.
    public let infrastructure: ContextInfrastructure<any MovieRemoteDataSource>

    /// Use `init(locations:remoteDataSource:cachePolicy:logger:)`, which makes the stores.
    public init(infrastructure: ContextInfrastructure<any MovieRemoteDataSource>) {
        self.infrastructure = infrastructure
    }

    /// Movie details, credits, images and certifications, read through the cache.
    public func makeMovieRepository() throws(ModelContainerFactoryError) -> any MovieRepository {
        try DefaultMovieRepository(
            local: SwiftDataMovieLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Pages of popular, similar and recommended movies, read through the cache.
    public func makeMovieListRepository() throws(ModelContainerFactoryError) -> any MovieListRepository {
        try DefaultMovieListRepository(
            local: SwiftDataMovieListLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// The watchlist, dated by the cache policy's clock.
    public func makeWatchlistRepository() throws(ModelContainerFactoryError) -> any WatchlistRepository {
        try DefaultWatchlistRepository(
            local: SwiftDataWatchlistLocalDataSource(store: stores.actor(for: Self.watchlistStore)),
            now: stores.cachePolicy.now)
    }
}
