import Foundation
import Logging
import OpenSwiftData
import Synchronization

/// What every context's infrastructure factory is built on: the context's stores, each
/// opened once (on first use by ``actor(for:)``, or by ``open(onFailure:)``) and served by one
/// ``StoreActor`` that every repository of the store shares, with the context's logger
/// and cache policy.
///
/// ```swift
/// public final class TVSeriesInfrastructureFactory: Sendable {
///     public static let cacheStore = StoreDescription.cache(
///         fileName: "popcorn-tvseries.sqlite", name: "tvseries", models: TVSeriesCacheSchema.models)
///     public let stores: ContextStores
///
///     public func makeTVSeriesRepository() async throws(ModelContainerFactoryError) -> any TVSeriesRepository {
///         DefaultTVSeriesRepository(
///             local: SwiftDataTVSeriesLocalDataSource(store: try await stores.actor(for: Self.cacheStore)), …)
///     }
/// }
/// ```
///
/// A store file has one actor and one container in a process, whichever `ContextStores`
/// opens it (`StoreOwners`): a second `ContextStores` over the same folder, a context's
/// and the sync's, gets the same actor (a store opened read-only has one of its own).
/// Opening is `async`: whoever asks for a store that another task is opening (which may
/// migrate it) waits for that open suspended, holding no lock and no thread.
public final class ContextStores: Sendable {
    /// The stores, as the context declared them.
    public let descriptions: [StoreDescription]
    /// The data and cache folders.
    let locations: StoreLocations
    /// The context's own logger: told when a cache is recreated or a store fails.
    public let logger: Logger
    /// How long cache entries stay fresh, and the clock.
    public let cachePolicy: CachePolicy
    /// The actors of the stores this context opened, by file name: held here, so that
    /// each stays open while the context lives.
    private let actors = Mutex<[String: StoreActor]>([:])

    /// The stores of a context, none opened yet.
    ///
    /// - Parameters:
    ///   - descriptions: The context's stores.
    ///   - locations: The data and cache folders.
    ///   - cachePolicy: How long cache entries stay fresh, and the clock.
    ///   - logger: The context's logger.
    public init(
        _ descriptions: [StoreDescription], locations: StoreLocations, cachePolicy: CachePolicy = CachePolicy(),
        logger: Logger
    ) {
        self.descriptions = descriptions
        self.locations = locations
        self.cachePolicy = cachePolicy
        self.logger = logger
    }

    /// A read-through cache on the context's policy and logger.
    public var readThroughCache: ReadThroughCache { ReadThroughCache(policy: cachePolicy, logger: logger) }

    /// Opens every store of the context that is not open yet, in the order declared.
    ///
    /// - Parameter onFailure: What a failure does: `.trap` stops the program, `.throwing`
    ///   throws.
    /// - Throws: With `.throwing`, the ``ModelContainerFactoryError`` of a store that cannot be
    ///   opened; with `.trap`, nothing (the program stops instead).
    public func open<Failure: Error>(onFailure: StoreFailureHandling<Failure>) async throws(Failure) {
        for description in descriptions {
            try await open(description, onFailure: onFailure)
        }
    }

    /// Opens one store, unless it is open, and returns its actor. `access` is
    /// ``StoreAccessMode/readOnly`` to read an existing store without writing to it; a
    /// store already open keeps the access it was opened with. While another task of the
    /// process opens the same file, this waits for it, suspended, and gets its actor.
    ///
    /// - Parameters:
    ///   - description: One of the context's stores; another stops the program.
    ///   - access: Whether the store is opened to read and write, or only to read.
    ///   - onFailure: What a failure does: `.trap` stops the program, `.throwing` throws.
    /// - Throws: With `.throwing`, the ``ModelContainerFactoryError`` of a store that cannot be
    ///   opened; with `.trap`, nothing (the program stops instead).
    @discardableResult
    public func open<Failure: Error>(
        _ description: StoreDescription, access: StoreAccessMode = .readWrite,
        onFailure: StoreFailureHandling<Failure>
    ) async throws(Failure) -> StoreActor {
        precondition(
            descriptions.contains { $0.fileName == description.fileName },
            "\(description.fileName) is not one of this context's stores")
        if let actor = actors.withLock({ $0[description.fileName] }) { return actor }
        // Opened (or found open) by the process's owners, with no lock held while it opens:
        // an open that migrates holds back only the opens of the same file, which wait
        // for it suspended.
        let owner = try await StoreOwners.shared.owner(of: description.url(in: locations), access: access) {
            () throws(Failure) in
            try self.makeActor(description, access: access, onFailure: onFailure)
        }
        return keep(owner, of: description)
    }

    /// Opens a store's container as `access` says and makes its one actor.
    private func makeActor<Failure: Error>(
        _ description: StoreDescription, access: StoreAccessMode, onFailure: StoreFailureHandling<Failure>
    ) throws(Failure) -> StoreActor {
        let container =
            switch access {
            case .readWrite:
                try ModelContainerFactory.makeModelContainer(
                    for: description, in: locations, logger: logger, onFailure: onFailure)
            case .readOnly:
                try ModelContainerFactory.makeReadOnlyModelContainer(
                    for: description, in: locations, onFailure: onFailure)
            }
        return StoreActor(modelContainer: container)
    }

    /// Holds a store's owner for as long as this context lives; a store already held keeps
    /// the actor it was opened with.
    private func keep(_ owner: StoreActor, of description: StoreDescription) -> StoreActor {
        actors.withLock { actors in
            if let actor = actors[description.fileName] { return actor }
            actors[description.fileName] = owner
            return owner
        }
    }

    /// The actor of a store, opening it first (to read and write) if it is not open; a
    /// store that cannot be opened throws, and a later call tries again.
    ///
    /// - Parameter description: One of the context's stores.
    /// - Throws: ``ModelContainerFactoryError`` when the store cannot be opened.
    public func actor(for description: StoreDescription) async throws(ModelContainerFactoryError) -> StoreActor {
        try await open(description, onFailure: .throwing)
    }

    /// The file of one of the stores.
    ///
    /// - Parameter description: One of the context's stores.
    public func url(of description: StoreDescription) -> URL {
        description.url(in: locations)
    }
}
