import DataPersistenceInfrastructure
import Foundation
import Logging
import MoviesDomain
import OpenSwiftData
import Synchronization

/// Builds the Movies context's repositories over its two stores, each container
/// created once per factory (one factory per process):
///
/// - `popcorn-movies.sqlite`, the cache, in the cache folder: deleted and recreated when
///   its schema fails (``ModelContainerFactory/makeLocalModelContainer(schema:url:logger:)``);
/// - `popcorn-movies-cloudkit.sqlite`, the watchlist, in the user-data folder: migrated
///   through ``MoviesWatchlistMigrationPlan`` and never deleted
///   (``ModelContainerFactory/makeCloudKitModelContainer(schema:url:cloudKitDatabase:migrationPlan:logger:)``).
public final class MoviesInfrastructureFactory: Sendable {
    /// The iCloud container the watchlist is configured for.
    public static let cloudKitDatabase = CloudKitDatabase.private("iCloud.uk.co.adam-young.Popcorn")

    public let cacheStoreURL: URL
    public let watchlistStoreURL: URL
    private let remoteDataSource: any MovieRemoteDataSource
    private let logger: Logger
    private let cachePolicy: CachePolicy
    private let cacheContainer = Mutex<ModelContainer?>(nil)
    private let watchlistContainer = Mutex<ModelContainer?>(nil)

    public init(
        locations: StoreLocations,
        remoteDataSource: any MovieRemoteDataSource,
        cachePolicy: CachePolicy = CachePolicy(),
        logger: Logger = Logger(label: "PopcornMovies")
    ) {
        self.cacheStoreURL = locations.cacheStoreURL(named: StoreFileNames.moviesCache)
        self.watchlistStoreURL = locations.userDataStoreURL(named: StoreFileNames.moviesWatchlist)
        self.remoteDataSource = remoteDataSource
        self.cachePolicy = cachePolicy
        self.logger = logger
    }

    // MARK: Containers

    /// The cache container, recreated from nothing when its store fails to open.
    var modelContainer: ModelContainer {
        cacheContainer.withLock { container in
            if let container { return container }
            let made = ModelContainerFactory.makeLocalModelContainer(
                schema: Self.cacheSchema, url: cacheStoreURL, logger: logger)
            container = made
            return made
        }
    }

    /// The watchlist container; a store that cannot be opened stops the program.
    var cloudKitModelContainer: ModelContainer {
        watchlistContainer.withLock { container in
            if let container { return container }
            let made = ModelContainerFactory.makeCloudKitModelContainer(
                schema: Self.watchlistSchema, url: watchlistStoreURL, cloudKitDatabase: Self.cloudKitDatabase,
                migrationPlan: MoviesWatchlistMigrationPlan.self, logger: logger)
            container = made
            return made
        }
    }

    /// Opens the cache store, for callers that report failures instead of stopping.
    public func openCacheStore() throws(ModelContainerFactoryError) {
        try cacheContainer.withLock { (container) throws(ModelContainerFactoryError) in
            if container != nil { return }
            container = try ModelContainerFactory.makeLocalModelContainerOrThrow(
                schema: Self.cacheSchema, url: cacheStoreURL, logger: logger)
        }
    }

    /// Opens the watchlist store, for callers that report failures instead of stopping;
    /// the store is left untouched when it cannot be opened.
    public func openWatchlistStore() throws(ModelContainerFactoryError) {
        try watchlistContainer.withLock { (container) throws(ModelContainerFactoryError) in
            if container != nil { return }
            container = try ModelContainerFactory.makeCloudKitModelContainerOrThrow(
                schema: Self.watchlistSchema, url: watchlistStoreURL, cloudKitDatabase: Self.cloudKitDatabase,
                migrationPlan: MoviesWatchlistMigrationPlan.self, logger: logger)
        }
    }

    /// The cache store's schema, for tools that inspect or check the store.
    public static let cacheSchema = Schema(MoviesCacheSchema.models)
    /// The watchlist store's current schema and its migration plan.
    public static let watchlistSchema = Schema(versionedSchema: MoviesWatchlistSchemaV1.self)
    public static var watchlistMigrationPlan: any SchemaMigrationPlan.Type { MoviesWatchlistMigrationPlan.self }

    // MARK: Repositories

    public func makeMovieRepository() -> any MovieRepository {
        DefaultMovieRepository(
            local: SwiftDataMovieLocalDataSource(modelContainer: modelContainer),
            remote: remoteDataSource,
            cache: ReadThroughCache(policy: cachePolicy, logger: logger))
    }

    public func makeMovieListRepository() -> any MovieListRepository {
        DefaultMovieListRepository(
            local: SwiftDataMovieListLocalDataSource(modelContainer: modelContainer),
            remote: remoteDataSource,
            cache: ReadThroughCache(policy: cachePolicy, logger: logger))
    }

    public func makeWatchlistRepository() -> any WatchlistRepository {
        DefaultWatchlistRepository(
            local: SwiftDataWatchlistLocalDataSource(modelContainer: cloudKitModelContainer), now: cachePolicy.now)
    }
}
