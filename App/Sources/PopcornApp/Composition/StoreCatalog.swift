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
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?

    var cloudKitDatabase: CloudKitDatabase {
        kind == .userData ? StoreCatalog.cloudKitDatabase : .none
    }

    var configuration: ModelConfiguration {
        ModelConfiguration(schema: schema, url: url, cloudKitDatabase: cloudKitDatabase)
    }
}

enum StoreCatalog {
    static let cloudKitDatabase = MoviesInfrastructureFactory.cloudKitDatabase
    static let cloudKitContainer = "private(iCloud.uk.co.adam-young.Popcorn)"

    static func all(in locations: StoreLocations) -> [StoreDescription] {
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

    /// The store a command names, by short name (`watchlist`) or file name.
    static func store(named name: String, in locations: StoreLocations) throws -> StoreDescription {
        let stores = all(in: locations)
        guard let store = stores.first(where: { $0.name == name || $0.fileName == name }) else {
            throw CommandFailure(
                "No store named '\(name)'; the stores are " + stores.map(\.name).joined(separator: ", ") + ".")
        }
        return store
    }
}
