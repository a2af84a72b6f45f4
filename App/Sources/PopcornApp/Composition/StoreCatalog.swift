import DataPersistenceInfrastructure
import DiscoverInfrastructure
import Foundation
import MoviesInfrastructure
import OpenSwiftData
import TVSeriesInfrastructure

/// Popcorn's five stores, as the design's container table lists them.
struct StoreDescription: Sendable {
    enum Kind: String, Sendable {
        case cache
        case userData = "user data"
    }

    let fileName: String
    /// The short name commands accept, such as `watchlist`.
    let name: String
    let kind: Kind
    let cloudKit: String
    let url: URL
    var schema: Schema
    var migrationPlan: (any SchemaMigrationPlan.Type)?

    var cloudKitDatabase: CloudKitDatabase {
        kind == .userData ? StoreCatalog.cloudKitDatabase : .none
    }

    var configuration: ModelConfiguration {
        ModelConfiguration(schema: schema, url: url, cloudKitDatabase: cloudKitDatabase)
    }
}

/// A user-data store's schema and migration plan, in place of the ones its context ships.
///
/// A later release of Popcorn is the same command line with a newer version of a user
/// store; a test fixture built as such a release passes one to
/// ``Popcorn/runCommandLine(_:userStoreOverrides:)`` to prove that `popcorn stores migrate`
/// takes a store through a real migration.
public struct UserStoreOverride: Sendable {
    /// The store's short name: `watchlist` or `history`.
    public let store: String
    /// The schema the store is migrated to; the plan's latest version.
    public let schema: Schema
    public let migrationPlan: any SchemaMigrationPlan.Type

    public init(store: String, schema: Schema, migrationPlan: any SchemaMigrationPlan.Type) {
        self.store = store
        self.schema = schema
        self.migrationPlan = migrationPlan
    }
}

/// The stores the `stores` commands look after: the contexts' own schemas and plans,
/// with any ``UserStoreOverride`` applied.
///
/// Only the `stores` commands read the catalogue; the other commands open their stores
/// through their contexts, which know only the versions they ship.
struct StoreCatalog: Sendable {
    static let cloudKitDatabase = MoviesInfrastructureFactory.cloudKitDatabase
    static let cloudKitContainer = "private(iCloud.uk.co.adam-young.Popcorn)"

    /// The catalogue of the running command line; the shipped one unless
    /// ``Popcorn/runCommandLine(_:userStoreOverrides:)`` was given overrides.
    @TaskLocal static var current = StoreCatalog()

    private let overrides: [String: UserStoreOverride]

    /// A catalogue of the shipped stores, with `overrides` in place of the user stores
    /// they name. Overriding a store that is not a user-data store is a programming error.
    init(overrides: [UserStoreOverride] = []) {
        let anywhere = StoreLocations(dataDirectory: URL(filePath: "/"), cacheDirectory: URL(filePath: "/"))
        let userStores = Set(Self.shippedStores(in: anywhere).filter { $0.kind == .userData }.map(\.name))
        for override in overrides {
            precondition(
                userStores.contains(override.store),
                "\(override.store) is not a user-data store; the user stores are \(userStores.sorted())")
        }
        self.overrides = Dictionary(overrides.map { ($0.store, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every store, in the order `stores status` lists them.
    func all(in locations: StoreLocations) -> [StoreDescription] {
        Self.shippedStores(in: locations).map { store in
            guard let override = overrides[store.name] else { return store }
            var replaced = store
            replaced.schema = override.schema
            replaced.migrationPlan = override.migrationPlan
            return replaced
        }
    }

    /// The store a command names, by short name (`watchlist`) or file name.
    func store(named name: String, in locations: StoreLocations) throws -> StoreDescription {
        let stores = all(in: locations)
        guard let store = stores.first(where: { $0.name == name || $0.fileName == name }) else {
            throw CommandFailure(
                "No store named '\(name)'; the stores are " + stores.map(\.name).joined(separator: ", ") + ".")
        }
        return store
    }

    /// The stores as the contexts ship them.
    private static func shippedStores(in locations: StoreLocations) -> [StoreDescription] {
        func cache(_ fileName: String, _ name: String, _ schema: Schema) -> StoreDescription {
            StoreDescription(
                fileName: fileName, name: name, kind: .cache, cloudKit: "none",
                url: locations.cacheStoreURL(named: fileName), schema: schema, migrationPlan: nil)
        }
        func userData(_ fileName: String, _ name: String, _ schema: Schema, _ plan: any SchemaMigrationPlan.Type)
            -> StoreDescription
        {
            StoreDescription(
                fileName: fileName, name: name, kind: .userData, cloudKit: cloudKitContainer,
                url: locations.userDataStoreURL(named: fileName), schema: schema, migrationPlan: plan)
        }
        return [
            cache(StoreFileNames.moviesCache, "movies", MoviesInfrastructureFactory.cacheSchema),
            userData(
                StoreFileNames.moviesWatchlist, "watchlist", MoviesInfrastructureFactory.watchlistSchema,
                MoviesInfrastructureFactory.watchlistMigrationPlan),
            cache(StoreFileNames.tvSeriesCache, "tvseries", TVSeriesInfrastructureFactory.cacheSchema),
            cache(StoreFileNames.discoverCache, "discover", DiscoverInfrastructureFactory.cacheSchema),
        ] + SearchStore.descriptions(in: locations)
    }
}
