import Foundation
import OpenSwiftData

/// One store of a context, declared once by the context that owns it: its file name, its
/// kind, its schema and migration plan, its CloudKit configuration, and so its folder.
///
/// Everything else derives from the declaration: how the store is opened and the one actor
/// that serves it (``ContextStores``), and the app's store catalogue, which is the list of
/// every context's declarations.
///
/// ```swift
/// public static let watchlistStore = StoreDescription.userData(
///     fileName: "popcorn-movies-cloudkit.sqlite", name: "watchlist",
///     schema: Schema(versionedSchema: MoviesWatchlistSchemaV1.self),
///     migrationPlan: MoviesWatchlistMigrationPlan.self)
/// ```
///
/// ## Topics
/// - ``cache(fileName:name:models:)``
/// - ``userData(fileName:name:schema:migrationPlan:legacyFileName:syncKeys:)``
/// - ``url(in:)``
public struct StoreDescription: Sendable {
    /// What a store holds, which decides its folder and what happens when it cannot be
    /// opened.
    public enum Kind: String, Sendable {
        /// Data that can be fetched again: in the cache folder, deleted and created anew
        /// when it cannot be opened.
        case cache
        /// The user's own rows: in the data folder, migrated through a plan, configured
        /// for CloudKit, never deleted.
        case userData = "user data"
    }

    /// The iCloud container every user-data store of the app is configured for.
    public static let iCloudContainer = CloudKitDatabase.private("iCloud.uk.co.adam-young.Popcorn")

    /// The store's file name, such as `popcorn-movies.sqlite`.
    public let fileName: String
    /// The short name a person types in commands, such as `watchlist`.
    public let name: String
    /// Cache or user data, which decides the store's folder and its failure policy.
    public let kind: Kind
    /// The models the store holds; for a user-data store, the plan's latest version.
    public let schema: Schema
    /// The versions of a user-data store and the stages between them; nil for a cache.
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    /// `.none` for a cache, ``iCloudContainer`` for user data.
    public let cloudKitDatabase: CloudKitDatabase
    /// A former file name of the store, in the same folder, whose rows are moved to
    /// ``fileName`` before the store is opened (``LegacyStoreRelocator``).
    let legacyFileName: String?
    /// What identifies each synced entity's records on every machine, for a user-data
    /// store synced between machines; empty for a store whose records get random names.
    let syncKeys: [SyncKey]

    /// A cache store of `models`, with no CloudKit and no migration plan.
    ///
    /// - Parameters:
    ///   - fileName: The store's file name, such as `popcorn-movies.sqlite`.
    ///   - name: The short name a person types in commands.
    ///   - models: The models the store holds.
    public static func cache(fileName: String, name: String, models: [any PersistentModel.Type]) -> StoreDescription {
        StoreDescription(
            fileName: fileName, name: name, kind: .cache, schema: Schema(models), migrationPlan: nil,
            cloudKitDatabase: .none, legacyFileName: nil, syncKeys: [])
    }

    /// A user-data store, configured for the app's iCloud container and opened through
    /// `migrationPlan`, whose latest version `schema` is; `syncKeys` say what identifies
    /// its records on every machine when it is synced.
    ///
    /// - Parameters:
    ///   - fileName: The store's file name, such as `popcorn-movies-cloudkit.sqlite`.
    ///   - name: The short name a person types in commands.
    ///   - schema: The models the store holds: the plan's latest version.
    ///   - migrationPlan: The versions of the store and the stages between them.
    ///   - legacyFileName: A former file name of the store, whose rows are moved to `fileName`;
    ///     nil for none.
    ///   - syncKeys: What identifies each synced entity's records on every machine.
    public static func userData(
        fileName: String, name: String, schema: Schema, migrationPlan: any SchemaMigrationPlan.Type,
        legacyFileName: String? = nil, syncKeys: [SyncKey] = []
    ) -> StoreDescription {
        StoreDescription(
            fileName: fileName, name: name, kind: .userData, schema: schema, migrationPlan: migrationPlan,
            cloudKitDatabase: iCloudContainer, legacyFileName: legacyFileName, syncKeys: syncKeys)
    }

    /// The store's sync keys by entity name: the names of the properties that identify a
    /// record.
    public var syncKeysByEntity: [String: [String]] {
        Dictionary(syncKeys.map { ($0.entityName, $0.propertyNames) }, uniquingKeysWith: { _, last in last })
    }

    /// The store's file in the folder of its kind: the data folder for user data, the
    /// cache folder for caches.
    ///
    /// - Parameter locations: The data and cache folders.
    public func url(in locations: StoreLocations) -> URL {
        folder(in: locations).appending(path: fileName, directoryHint: .notDirectory)
    }

    /// The folder of the store's kind.
    ///
    /// - Parameter locations: The data and cache folders.
    func folder(in locations: StoreLocations) -> URL {
        kind == .cache ? locations.cacheDirectory : locations.dataDirectory
    }

    /// The store's former file (`legacyFileName`) in the same folder, if it has one.
    ///
    /// - Parameter locations: The data and cache folders.
    public func legacyURL(in locations: StoreLocations) -> URL? {
        legacyFileName.map { folder(in: locations).appending(path: $0, directoryHint: .notDirectory) }
    }

    /// The configuration the store is opened with.
    ///
    /// - Parameter locations: The data and cache folders.
    func configuration(in locations: StoreLocations) -> ModelConfiguration {
        ModelConfiguration(schema: schema, url: url(in: locations), cloudKitDatabase: cloudKitDatabase)
    }

    /// The same store with another schema and plan, as a later release that ships a new
    /// version of it would declare it.
    ///
    /// - Parameters:
    ///   - schema: The models of the new version.
    ///   - migrationPlan: The plan that reaches it.
    public func with(schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?) -> StoreDescription {
        StoreDescription(
            fileName: fileName, name: name, kind: kind, schema: schema, migrationPlan: migrationPlan,
            cloudKitDatabase: cloudKitDatabase, legacyFileName: legacyFileName, syncKeys: syncKeys)
    }
}
