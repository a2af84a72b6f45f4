import Foundation
import OpenSwiftData

/// A local store to sync, and what identifies its records across machines.
///
/// ```swift
/// let watchlist = SyncedStore(
///     name: "watchlist", container: container,
///     domainKeys: ["MoviesWatchlistMovieEntity": ["movieID"]])
/// ```
///
/// Only stores configured for CloudKit (`cloudKitDatabase: .private(…)`) can be synced:
/// their container was checked against CloudKit's rules when it was created (no unique
/// attribute, every attribute optional or defaulted), which is what lets records from
/// another machine be applied in any order, and every relationship is optional and
/// without the `.deny` delete rule. Relationships are synced by the record names of
/// their targets (see <doc:Guarantees#Relationships>).
public struct SyncedStore: Sendable {
    /// The store's name on the server: lowercase letters, digits and `_`, starting with
    /// a letter (its records are in the table `storesync_records_<name>`).
    public let name: String
    /// The store's container, of one configuration with `cloudKitDatabase: .private(…)`.
    public let container: ModelContainer
    /// Per entity name, the properties that identify one record whatever the machine
    /// that made it: the same movie added on two machines is one record. An entity
    /// without a domain key gets a random record name per row.
    public let domainKeys: [String: [String]]

    /// Describes the store of `container` as `name` on the server, its records identified by
    /// `domainKeys` where given.
    ///
    /// - Parameters:
    ///   - name: The store's name on the server: lowercase letters, digits and `_`, starting
    ///     with a letter, at most 40 characters.
    ///   - container: The store's container, of one configuration for CloudKit (`.private(…)`).
    ///   - domainKeys: Per entity name, the properties that identify a record across machines.
    public init(name: String, container: ModelContainer, domainKeys: [String: [String]] = [:]) {
        self.name = name
        self.container = container
        self.domainKeys = domainKeys
    }

    /// Checks that the store can be synced; throws the first reason it cannot.
    func validate() throws(SyncError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        guard let first = name.first, first.isLetter, name.count <= 40, name.allSatisfy(allowed.contains) else {
            throw .storeNotSyncable(
                store: name,
                reason: "its name must be lowercase letters, digits and _, start with a letter, at most 40 characters")
        }
        guard container.configurations.contains(where: { $0.cloudKitDatabase.usesCloudKit }) else {
            throw .storeNotSyncable(
                store: name,
                reason:
                    "only stores configured for CloudKit (cloudKitDatabase: .private(…)), whose models follow CloudKit's "
                    + "rules, can be synced")
        }
        for (entityName, properties) in domainKeys {
            guard let entity = container.schema.entity(named: entityName) else {
                throw .storeNotSyncable(store: name, reason: "its domain key names an unknown entity \(entityName)")
            }
            let attributes = Set(entity.attributes.map(\.name))
            for property in properties where !attributes.contains(property) {
                throw .storeNotSyncable(
                    store: name, reason: "the domain key of \(entityName) names an unknown attribute \(property)")
            }
        }
    }
}
