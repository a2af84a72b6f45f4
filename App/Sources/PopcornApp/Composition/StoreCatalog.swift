import DataPersistenceInfrastructure
import Foundation

/// Popcorn's five stores, as the design's container table lists them.
struct StoreDescription: Sendable {
    enum Kind: String, Sendable {
        case cache
        case userData = "user data"
    }

    let fileName: String
    let kind: Kind
    let cloudKit: String
    let url: URL
}

enum StoreCatalog {
    static let cloudKitContainer = "private(iCloud.uk.co.adam-young.Popcorn)"

    static func all(in locations: StoreLocations) -> [StoreDescription] {
        func cache(_ name: String) -> StoreDescription {
            StoreDescription(fileName: name, kind: .cache, cloudKit: "none", url: locations.cacheStoreURL(named: name))
        }
        func userData(_ name: String) -> StoreDescription {
            StoreDescription(
                fileName: name, kind: .userData, cloudKit: cloudKitContainer,
                url: locations.userDataStoreURL(named: name))
        }
        return [
            cache(StoreFileNames.moviesCache),
            userData(StoreFileNames.moviesWatchlist),
            cache(StoreFileNames.tvSeriesCache),
            cache(StoreFileNames.discoverCache),
            userData(StoreFileNames.searchHistory),
        ]
    }
}
