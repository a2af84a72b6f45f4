import DataPersistenceInfrastructure
import Foundation
import MoviesInfrastructure
import SearchInfrastructure
import StoreSync

/// The user-data stores `popcorn sync` syncs (the catalogue's, each opened as its context
/// opens it), with what identifies their records on every machine.
enum SyncStores {
    /// The catalogue's user-data stores, opened (created when missing: a new machine
    /// receives them), or a one-line failure that leaves the files as they were.
    static func open(_ environment: AppEnvironment) throws -> [SyncedStore] {
        try StoreCatalog.current.all.filter { $0.kind == .userData }.map { store in
            let container = try ModelContainerFactory.makeModelContainer(
                for: store, in: environment.locations, logger: environment.logger, onFailure: .throwing)
            return SyncedStore(name: store.name, container: container, domainKeys: domainKeys(of: store))
        }
    }

    private static func domainKeys(of store: StoreDescription) -> [String: [String]] {
        switch store.fileName {
        case MoviesInfrastructureFactory.watchlistStore.fileName: MoviesInfrastructureFactory.watchlistDomainKeys
        case SearchInfrastructureFactory.historyStore.fileName: SearchInfrastructureFactory.historyDomainKeys
        default: [:]
        }
    }
}
