import DataPersistenceInfrastructure
import MoviesDomain
import OpenSwiftData

/// Builds the Movies context's movie repositories over its cache, filled from the remote
/// data source (the shared initializer and `stores` are ``ContextInfrastructureFactory``'s).
/// Making a repository opens the cache if it is not open, and throws
/// `ModelContainerFactoryError` when it cannot. The watchlist, user data that needs no
/// remote, is ``WatchlistInfrastructureFactory``'s.
///
/// ```swift
/// let factory = MoviesInfrastructureFactory(locations: locations, remoteDataSource: tmdbMovies)
/// let movie = try await factory.makeMovieRepository().movie(withID: 550)
/// ```
public final class MoviesInfrastructureFactory: ContextInfrastructureFactory {
    /// `popcorn-movies.sqlite` in the cache folder: movie details and list pages.
    public static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-movies.sqlite", name: "movies", models: MoviesCacheSchema.models)
    /// The factory's stores, for the app's store catalogue.
    public static let storeDescriptions = [cacheStore]
    /// The label of the context's logger when none is given.
    public static let loggerLabel = "PopcornMovies"
    /// The stores and the remote data source the repositories are made from.
    public let infrastructure: ContextInfrastructure<any MovieRemoteDataSource>

    /// Use `init(locations:remoteDataSource:cachePolicy:logger:)`, which makes the stores.
    public init(infrastructure: ContextInfrastructure<any MovieRemoteDataSource>) {
        self.infrastructure = infrastructure
    }

    /// Movie details, credits, images and certifications, read through the cache.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeMovieRepository() async throws(ModelContainerFactoryError) -> any MovieRepository {
        try await DefaultMovieRepository(
            local: SwiftDataMovieLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }

    /// Pages of popular, similar and recommended movies, read through the cache.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeMovieListRepository() async throws(ModelContainerFactoryError) -> any MovieListRepository {
        try await DefaultMovieListRepository(
            local: SwiftDataMovieListLocalDataSource(store: stores.actor(for: Self.cacheStore)),
            remote: remoteDataSource, cache: stores.readThroughCache)
    }
}
