import DataPersistenceInfrastructure
import StoreSync

/// The user-data stores `popcorn sync` syncs (the catalogue's), opened by
/// DataPersistenceInfrastructure, each with the sync keys its context declares.
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
        fileprivate let stores: ContextStores

        /// Every user-data store, in the catalogue's order: those opened already, and the
        /// missing ones created now (StoreSync calls it once the server has answered).
        func all() async throws -> [SyncedStore] {
            var synced: [SyncedStore] = []
            for store in stores.descriptions {
                synced.append(SyncStores.synced(store, try await stores.actor(for: store)))
            }
            return synced
        }
    }

    /// Opens the catalogue's user-data stores that exist, or fails in one line and leaves
    /// the files as they were: a store that cannot be written (a read-only folder) is
    /// refused before any is opened.
    static func openExisting(_ environment: AppEnvironment) async throws -> Opening {
        let stores = userStores(environment)
        try await stores.openExistingForWriting()
        return Opening(stores: stores)
    }

    /// The catalogue's user-data stores opened read-only, for `sync status`, which
    /// changes nothing: a store that does not exist is not created (nor relocated from a
    /// former name, nor migrated), and a read-only folder is read all the same.
    static func openReadOnly(_ environment: AppEnvironment) async throws -> [Found] {
        try await userStores(environment).openExistingReadOnly().map { found in
            Found(
                name: found.store.name, file: found.store.fileName, store: found.actor.map { synced(found.store, $0) },
                writable: found.isWritable)
        }
    }

    /// The catalogue's user-data stores, each opened once in this process.
    private static func userStores(_ environment: AppEnvironment) -> ContextStores {
        ContextStores(
            StoreCatalog.current.all.filter { $0.kind == .userData }, locations: environment.locations,
            logger: environment.logger)
    }

    /// The store to sync, on the container of the store's one actor.
    private static func synced(_ store: StoreDescription, _ actor: StoreActor) -> SyncedStore {
        SyncedStore(name: store.name, container: actor.modelContainer, domainKeys: store.syncKeysByEntity)
    }
}
