import Logging

/// The shape of every context's infrastructure factory: the context declares its stores
/// and its logger's label, and makes its repositories; opening the stores, and the
/// initializer every factory offers, are here once.
///
/// ```swift
/// public final class DiscoverInfrastructureFactory: ContextInfrastructureFactory {
///     public static let cacheStore = StoreDescription.cache(
///         fileName: "popcorn-discover.sqlite", name: "discover", models: DiscoverCacheSchema.models)
///     public static let storeDescriptions = [cacheStore]
///     public static let loggerLabel = "PopcornDiscover"
///     public let infrastructure: ContextInfrastructure<any DiscoverRemoteDataSource>
///
///     public init(infrastructure: ContextInfrastructure<any DiscoverRemoteDataSource>) {
///         self.infrastructure = infrastructure
///     }
///
///     public func makeDiscoverMovieRepository() async throws(ModelContainerFactoryError)
///         -> any DiscoverMovieRepository
///     {
///         try await DefaultDiscoverMovieRepository(
///             local: SwiftDataDiscoverMovieLocalDataSource(store: stores.actor(for: Self.cacheStore)),
///             remote: remoteDataSource, cache: stores.readThroughCache)
///     }
/// }
///
/// let factory = DiscoverInfrastructureFactory(locations: locations, remoteDataSource: tmdbDiscover)
/// ```
///
/// Create one factory per process for each context: its ``stores`` open each store once,
/// and one actor per store serves every repository of that store.
public protocol ContextInfrastructureFactory: Sendable {
    /// The protocol the app implements to fetch what the context's stores do not hold.
    associatedtype RemoteDataSource: Sendable

    /// The context's stores, in the order they are opened; the app's store catalogue is
    /// made of every context's list.
    static var storeDescriptions: [StoreDescription] { get }
    /// The label of the context's logger when the caller gives none, such as `PopcornMovies`.
    static var loggerLabel: String { get }

    /// The stores and remote data source the repositories are made from.
    var infrastructure: ContextInfrastructure<RemoteDataSource> { get }

    /// A factory over `infrastructure`, whose stores must be ``storeDescriptions``; call
    /// ``init(locations:remoteDataSource:cachePolicy:logger:)`` instead.
    ///
    /// - Parameter infrastructure: The stores and remote data source.
    init(infrastructure: ContextInfrastructure<RemoteDataSource>)
}

extension ContextInfrastructureFactory {
    /// A factory whose stores are in `locations`, none opened yet.
    ///
    /// - Parameters:
    ///   - locations: The data and cache folders.
    ///   - remoteDataSource: Where the repositories fetch what the stores do not hold.
    ///   - cachePolicy: How long cache entries stay fresh, and the clock (which a context
    ///     may also date its user data by).
    ///   - logger: Told when a cache is recreated or a store fails; by default one
    ///     labelled ``loggerLabel``.
    public init(
        locations: StoreLocations, remoteDataSource: RemoteDataSource, cachePolicy: CachePolicy = CachePolicy(),
        logger: Logger = Logger(label: Self.loggerLabel)
    ) {
        let stores = ContextStores(
            Self.storeDescriptions, locations: locations, cachePolicy: cachePolicy, logger: logger)
        self.init(infrastructure: ContextInfrastructure(stores: stores, remoteDataSource: remoteDataSource))
    }

    /// The context's stores, each opened when a repository of it is first made
    /// (`stores.actor(for:)`, which throws when the store cannot be opened, and waits,
    /// suspended, while another task opens the same store).
    public var stores: ContextStores { infrastructure.stores }

    /// Where the repositories fetch what the stores do not hold.
    public var remoteDataSource: RemoteDataSource { infrastructure.remoteDataSource }
}
