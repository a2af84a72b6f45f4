import DataPersistenceInfrastructure
import Foundation
import Logging
import MoviesDomain
import OpenSwiftData

/// Builds the Movies context's watchlist over its user-data store. The watchlist holds
/// the user's own entries and fetches nothing, so this factory takes no remote data
/// source; the movie cache is ``MoviesInfrastructureFactory``'s.
///
/// ```swift
/// let factory = WatchlistInfrastructureFactory(locations: locations)
/// let watchlist = try await factory.makeWatchlistRepository().movies()
/// ```
///
/// Its ``stores`` open the watchlist once; one actor serves it, whichever factory of the process asks.
public final class WatchlistInfrastructureFactory: Sendable {
    /// `popcorn-movies-cloudkit.sqlite` in the data folder: the watchlist, migrated through
    /// ``MoviesWatchlistMigrationPlan`` and never deleted. Synced between machines, an
    /// entry is identified by its movie: the same movie added on two machines is one entry.
    public static let watchlistStore = StoreDescription.userData(
        fileName: "popcorn-movies-cloudkit.sqlite", name: "watchlist",
        schema: Schema(versionedSchema: MoviesWatchlistSchemaV1.self), migrationPlan: MoviesWatchlistMigrationPlan.self,
        syncKeys: [SyncKey(MoviesWatchlistMovieEntity.self, \.movieID)])
    /// The watchlist's store, for the app's store catalogue.
    public static let storeDescriptions = [watchlistStore]
    /// The label of the logger when none is given: the Movies context's.
    public static let loggerLabel = MoviesInfrastructureFactory.loggerLabel

    /// The watchlist's store, opened when the repository is first made.
    public let stores: ContextStores

    /// A factory whose store is in `locations`' data folder, not opened yet.
    ///
    /// - Parameters:
    ///   - locations: The data and cache folders.
    ///   - now: The clock that dates new entries.
    ///   - logger: Told when the store fails; by default one labelled ``loggerLabel``.
    public init(
        locations: StoreLocations, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: WatchlistInfrastructureFactory.loggerLabel)
    ) {
        stores = ContextStores(
            Self.storeDescriptions, locations: locations, cachePolicy: CachePolicy(now: now), logger: logger)
    }

    /// The watchlist, dated by the factory's clock.
    ///
    /// - Throws: `ModelContainerFactoryError` when the store cannot be opened.
    public func makeWatchlistRepository() async throws(ModelContainerFactoryError) -> any WatchlistRepository {
        try await DefaultWatchlistRepository(
            local: SwiftDataWatchlistLocalDataSource(store: stores.actor(for: Self.watchlistStore)),
            now: stores.cachePolicy.now)
    }
}
