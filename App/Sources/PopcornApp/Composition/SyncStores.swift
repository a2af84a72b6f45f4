import DataPersistenceInfrastructure
import Foundation
import MoviesInfrastructure
import OpenSwiftData
import SearchInfrastructure
import StoreSync

/// The user-data stores `popcorn sync` syncs (the catalogue's, each opened as its context
/// opens it), with what identifies their records on every machine.
enum SyncStores {
    /// A user-data store as `sync status` finds it: open read-only, or not created yet.
    struct Found {
        let name: String
        let file: String
        /// Nil when the store does not exist yet.
        let store: SyncedStore?
        /// Whether this process could write the store; false for a read-only store file,
        /// folder or mount.
        let writable: Bool
    }

    /// The user-data stores, opened in two steps, so that a sync refuses a store it cannot
    /// use (written by a newer version, damaged, read-only) before it contacts the server,
    /// and creates none for a server it cannot reach: ``openExisting(_:)`` opens the stores
    /// there are, and ``all()`` then creates the missing ones (a new machine receives them).
    struct Opening {
        fileprivate let environment: AppEnvironment
        fileprivate let stores: [(description: StoreDescription, opened: SyncedStore?)]

        /// Every user-data store, in the catalogue's order: those opened already, and the
        /// missing ones created now.
        func all() throws -> [SyncedStore] {
            try stores.map { try $0.opened ?? SyncStores.open($0.description, environment) }
        }
    }

    /// Opens the catalogue's user-data stores that exist, or fails in one line and leaves
    /// the files as they were: a store that cannot be written (a read-only folder) is
    /// refused before any is opened.
    static func openExisting(_ environment: AppEnvironment) throws -> Opening {
        let stores = userStores
        for store in stores {
            try UserStoreAccess.requireWritable(store, at: store.url(in: environment.locations))
        }
        return Opening(
            environment: environment,
            stores: try stores.map { store in
                let exists = StoreFile(url: store.url(in: environment.locations)).exists
                return try (store, exists ? open(store, environment) : nil)
            })
    }

    /// A user-data store opened as its context opens it (created, or moved from a former
    /// name, when missing; migrated when needed).
    private static func open(_ store: StoreDescription, _ environment: AppEnvironment) throws -> SyncedStore {
        let container = try ModelContainerFactory.makeModelContainer(
            for: store, in: environment.locations, logger: environment.logger, onFailure: .throwing)
        return SyncedStore(name: store.name, container: container, domainKeys: domainKeys(of: store))
    }

    /// The catalogue's user-data stores opened read-only, for `sync status`, which
    /// changes nothing: a store that does not exist is not created (nor relocated from a
    /// former name, nor migrated), and a read-only folder is read all the same.
    static func openReadOnly(_ environment: AppEnvironment) throws -> [Found] {
        try userStores.map { store in
            let file = StoreFile(url: store.url(in: environment.locations))
            guard file.exists else {
                return Found(name: store.name, file: store.fileName, store: nil, writable: file.isWritable)
            }
            let container = try ModelContainerFactory.makeReadOnlyModelContainer(
                for: store, in: environment.locations, onFailure: .throwing)
            return Found(
                name: store.name, file: store.fileName,
                store: SyncedStore(name: store.name, container: container, domainKeys: domainKeys(of: store)),
                writable: file.isWritable)
        }
    }

    private static var userStores: [StoreDescription] {
        StoreCatalog.current.all.filter { $0.kind == .userData }
    }

    private static func domainKeys(of store: StoreDescription) -> [String: [String]] {
        switch store.fileName {
        case MoviesInfrastructureFactory.watchlistStore.fileName: MoviesInfrastructureFactory.watchlistDomainKeys
        case SearchInfrastructureFactory.historyStore.fileName: SearchInfrastructureFactory.historyDomainKeys
        default: [:]
        }
    }
}
