import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import Logging
import OpenSwiftData
import Synchronization

/// Builds the Discover context's repositories over its cache store,
/// `popcorn-discover.sqlite`.
///
/// The store's container is created once per factory, on first use, by
/// ``ModelContainerFactory/makeLocalModelContainer(schema:url:logger:)``: a store that
/// cannot be opened (an older schema, a damaged file) is deleted and created anew, with
/// a warning to this factory's logger. Create one factory per process.
///
/// ```swift
/// let factory = DiscoverInfrastructureFactory(
///     cacheDirectory: locations.cacheDirectory, remoteDataSource: tmdbDiscover)
/// let page = try await factory.makeDiscoverMovieRepository()
///     .movies(matching: DiscoverFilter(genreIDs: [18], originalLanguage: "en"), page: 1)
/// ```
///
/// ## Topics
/// - ``init(cacheDirectory:remoteDataSource:cachePolicy:logger:)``
/// - ``openCacheStore()``
/// - ``makeDiscoverMovieRepository()``
/// - ``makeDiscoverTVSeriesRepository()``
public final class DiscoverInfrastructureFactory: Sendable {
    /// The cache store's file name.
    public static let storeFileName = StoreFileNames.discoverCache

    /// The cache store's schema, for tools that inspect or check the store.
    public static var cacheSchema: Schema { DiscoverCacheSchema.schema }

    /// The cache store's `.sqlite` file.
    public let storeURL: URL
    private let remoteDataSource: any DiscoverRemoteDataSource
    private let cachePolicy: CachePolicy
    /// This context's own logger (label `PopcornDiscover` unless one is injected).
    let logger: Logger
    private let openStore = Mutex<DiscoverCacheStore?>(nil)

    /// Creates a factory; no file is touched until a repository is made or
    /// ``openCacheStore()`` is called.
    ///
    /// - Parameters:
    ///   - cacheDirectory: The folder of the cache store, such as
    ///     ``StoreLocations/cacheDirectory``; it is created if missing.
    ///   - remoteDataSource: Where pages come from on a cache miss.
    ///   - cachePolicy: The cache's time to live and clock.
    ///   - logger: Receives the warning when the store is recreated, and cache failures.
    public init(
        cacheDirectory: URL,
        remoteDataSource: any DiscoverRemoteDataSource,
        cachePolicy: CachePolicy = CachePolicy(),
        logger: Logger = Logger(label: "PopcornDiscover")
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
    private var store: DiscoverCacheStore {
        openStore.withLock { store in
            if let store { return store }
            let made = DiscoverCacheStore(
                container: ModelContainerFactory.makeLocalModelContainer(
                    schema: DiscoverCacheSchema.schema, url: storeURL, logger: logger))
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
            store = DiscoverCacheStore(
                container: try ModelContainerFactory.makeLocalModelContainerOrThrow(
                    schema: DiscoverCacheSchema.schema, url: storeURL, logger: logger))
        }
    }

    /// Pages of discovered movies, read through the cache.
    public func makeDiscoverMovieRepository() -> any DiscoverMovieRepository {
        DefaultDiscoverMovieRepository(local: store.movies, remote: remoteDataSource, cache: readThroughCache)
    }

    /// Pages of discovered TV series, read through the cache.
    public func makeDiscoverTVSeriesRepository() -> any DiscoverTVSeriesRepository {
        DefaultDiscoverTVSeriesRepository(local: store.tvSeries, remote: remoteDataSource, cache: readThroughCache)
    }

    private var readThroughCache: ReadThroughCache {
        ReadThroughCache(policy: cachePolicy, logger: logger)
    }
}
