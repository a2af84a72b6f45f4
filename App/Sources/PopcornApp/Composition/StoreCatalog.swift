import DataPersistenceInfrastructure
import DiscoverInfrastructure
import Foundation
import MoviesInfrastructure
import OpenSwiftData
import SearchInfrastructure
import TVSeriesInfrastructure

/// A user-data store's schema and migration plan, in place of the ones its context ships.
///
/// A later release of Popcorn is the same command line with a newer version of a user
/// store; a test fixture built as such a release passes one to
/// ``PopcornCommandLine/run(_:userStoreOverrides:)`` to prove that `popcorn stores migrate`
/// takes a store through a real migration.
public struct UserStoreOverride: Sendable {
    /// The store's short name: `watchlist` or `history`.
    public let store: String
    /// The schema the store is migrated to; the plan's latest version.
    public let schema: Schema
    /// The plan that takes the store from each earlier version to `schema`.
    public let migrationPlan: any SchemaMigrationPlan.Type

    /// A newer version of a user-data store.
    ///
    /// - Parameters:
    ///   - store: The store's short name: `watchlist` or `history` (another name stops the
    ///     command line before it runs).
    ///   - schema: The schema the store is migrated to; the plan's latest version.
    ///   - migrationPlan: The plan that takes the store from each earlier version to `schema`.
    public init(store: String, schema: Schema, migrationPlan: any SchemaMigrationPlan.Type) {
        self.store = store
        self.schema = schema
        self.migrationPlan = migrationPlan
    }
}

/// The stores the `stores` commands look after: the list of every context's store
/// declarations, with any ``UserStoreOverride`` applied.
///
/// Only the `stores` commands read the catalogue; the other commands open their stores
/// through their contexts, which know only the versions they ship.
struct StoreCatalog: Sendable {
    /// Every store, as the contexts declare them, in the order `stores status` lists them.
    static let shipped =
        MoviesInfrastructureFactory.storeDescriptions + WatchlistInfrastructureFactory.storeDescriptions
        + TVSeriesInfrastructureFactory.storeDescriptions
        + DiscoverInfrastructureFactory.storeDescriptions + SearchInfrastructureFactory.storeDescriptions

    /// The catalogue of the running command line; the shipped one unless
    /// ``PopcornCommandLine/run(_:userStoreOverrides:)`` was given overrides.
    @TaskLocal static var current = StoreCatalog()

    private let overrides: [String: UserStoreOverride]

    /// A catalogue of the shipped stores, with `overrides` in place of the user stores
    /// they name. Overriding a store that is not a user-data store is a programming error.
    init(overrides: [UserStoreOverride] = []) {
        let userStores = Set(Self.shipped.filter { $0.kind == .userData }.map(\.name))
        for override in overrides {
            precondition(
                userStores.contains(override.store),
                "\(override.store) is not a user-data store; the user stores are \(userStores.sorted())")
        }
        self.overrides = Dictionary(overrides.map { ($0.store, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every store, in the order `stores status` lists them.
    var all: [StoreDescription] {
        Self.shipped.map { store in
            overrides[store.name].map { store.with(schema: $0.schema, migrationPlan: $0.migrationPlan) } ?? store
        }
    }

    /// The store a command names, by short name (`watchlist`) or file name.
    func store(named name: String) throws -> StoreDescription {
        guard let store = all.first(where: { $0.name == name || $0.fileName == name }) else {
            throw CommandFailure(
                "No store named '\(name)'; the stores are " + all.map(\.name).joined(separator: ", ") + ".",
                status: .usage)
        }
        return store
    }
}
