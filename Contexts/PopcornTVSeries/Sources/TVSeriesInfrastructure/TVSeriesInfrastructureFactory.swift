import DataPersistenceInfrastructure
import Foundation
import Logging
import OpenSwiftData
import Synchronization
import TVSeriesDomain

/// Builds the TV series context's repositories over its cache store,
/// `popcorn-tvseries.sqlite`.
///
/// The store's container is created once per factory, on first use, by
/// ``ModelContainerFactory/makeLocalModelContainer(schema:url:logger:)``: a store that
/// cannot be opened (an older schema, a damaged file) is deleted and created anew, with
/// a warning to this factory's logger. Create one factory per process.
///
/// ```swift
/// let factory = TVSeriesInfrastructureFactory(
///     cacheDirectory: locations.cacheDirectory, remoteDataSource: tmdbTVSeries)
/// let series = try await factory.makeTVSeriesRepository().tvSeries(withID: 1396)
/// ```
///
/// ## Topics
/// - ``init(cacheDirectory:remoteDataSource:cachePolicy:logger:)``
/// - ``openCacheStore()``
/// - ``makeTVSeriesRepository()``
/// - ``makeTVSeasonRepository()``
/// - ``makeTVEpisodeRepository()``
public final class TVSeriesInfrastructureFactory: Sendable {
    /// The cache store's file name.
    public static let storeFileName = StoreFileNames.tvSeriesCache

    /// The cache store's schema, for tools that inspect or check the store.
    public static var cacheSchema: Schema { TVSeriesCacheSchema.schema }

    /// The cache store's `.sqlite` file.
    public let storeURL: URL
    private let remoteDataSource: any TVSeriesRemoteDataSource
    private let cachePolicy: CachePolicy
    /// This context's own logger (label `PopcornTVSeries` unless one is injected).
    let logger: Logger
    private let openStore = Mutex<TVSeriesCacheStore?>(nil)

    /// Creates a factory; no file is touched until a repository is made or
    /// ``openCacheStore()`` is called.
    ///
    /// - Parameters:
    ///   - cacheDirectory: The folder of the cache store, such as
    ///     ``StoreLocations/cacheDirectory``; it is created if missing.
    ///   - remoteDataSource: Where series come from on a cache miss.
    ///   - cachePolicy: The cache's time to live and clock.
    ///   - logger: Receives the warning when the store is recreated, and cache failures.
    public init(
        cacheDirectory: URL,
        remoteDataSource: any TVSeriesRemoteDataSource,
        cachePolicy: CachePolicy = CachePolicy(),
        logger: Logger = Logger(label: "PopcornTVSeries")
    ) {
        self.storeURL = cacheDirectory.appending(path: Self.storeFileName, directoryHint: .notDirectory)
        self.remoteDataSource = remoteDataSource
        self.cachePolicy = cachePolicy
        self.logger = logger
    }

    /// The cache container, created on first access and recreated from nothing when the
    /// store fails to open. A store that cannot be created even then stops the process;
    /// call ``openCacheStore()`` first to report that instead.
    var modelContainer: ModelContainer { store.container }

    /// The open store and its actors, created once.
    private var store: TVSeriesCacheStore {
        openStore.withLock { store in
            if let store { return store }
            let made = TVSeriesCacheStore(
                container: ModelContainerFactory.makeLocalModelContainer(
                    schema: TVSeriesCacheSchema.schema, url: storeURL, logger: logger))
            store = made
            return made
        }
    }

    /// Opens the cache store now, for callers that report failures instead of stopping,
    /// such as the command-line tool. Does nothing when it is already open.
    ///
    /// - Throws: ``ModelContainerFactoryError`` when the store cannot be created even
    ///   after its files were deleted (for example an unwritable folder).
    public func openCacheStore() throws(ModelContainerFactoryError) {
        try openStore.withLock { (store) throws(ModelContainerFactoryError) in
            if store != nil { return }
            store = TVSeriesCacheStore(
                container: try ModelContainerFactory.makeLocalModelContainerOrThrow(
                    schema: TVSeriesCacheSchema.schema, url: storeURL, logger: logger))
        }
    }

    /// Series details and credits, read through the cache.
    public func makeTVSeriesRepository() -> any TVSeriesRepository {
        DefaultTVSeriesRepository(local: store.tvSeries, remote: remoteDataSource, cache: readThroughCache)
    }

    /// Seasons with their episodes, read through the cache.
    public func makeTVSeasonRepository() -> any TVSeasonRepository {
        DefaultTVSeasonRepository(local: store.seasons, remote: remoteDataSource, cache: readThroughCache)
    }

    /// Single episodes, read through the cache.
    public func makeTVEpisodeRepository() -> any TVEpisodeRepository {
        DefaultTVEpisodeRepository(local: store.episodes, remote: remoteDataSource, cache: readThroughCache)
    }

    private var readThroughCache: ReadThroughCache {
        ReadThroughCache(policy: cachePolicy, logger: logger)
    }
}
