import Foundation
import GRDB

/// Owns a store and the schema it holds, as SwiftData's `ModelContainer`.
///
/// ```swift
/// let container = try ModelContainer(
///     for: Schema([Trip.self]),
///     configurations: [ModelConfiguration(url: storeURL)]
/// )
/// let context = ModelContext(container)
/// ```
///
/// A container is `Sendable`: pass it to actors, and give each its own
/// ``ModelContext`` (or use `@ModelActor`).
public final class ModelContainer: Sendable {
    public let schema: Schema
    public let configurations: [ModelConfiguration]
    /// The plan the store was opened with, if any.
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    let store: Store
    let saveBroadcaster = SaveBroadcaster()
    private let mainContextStorage = MainContextStorage()

    /// Opens (or creates) the store for a schema, migrating it through the plan's
    /// stages when it was written by an earlier version.
    public convenience init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [ModelConfiguration]
    ) throws {
        try self.init(
            for: schema, migrationPlan: migrationPlan, configurations: configurations, migrationObserver: nil)
    }

    /// Opens (or creates) the store, reporting the progress of a migration, if one runs,
    /// to `migrationObserver`; ``migrationReport`` then says what was done.
    ///
    /// A store written by an earlier version is migrated through every stage from its
    /// version to the latest, in one transaction, after a backup is written beside it.
    /// Without a plan, a lightweight migration is inferred from the stored shape.
    public init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: [ModelConfiguration],
        migrationObserver: MigrationObserver?
    ) throws {
        let configuration = try Self.checkedConfiguration(schema: schema, configurations: configurations)
        self.schema = schema
        self.configurations = [configuration]
        self.migrationPlan = migrationPlan
        (self.store, self.migrationReport) = try Store.open(
            configuration: configuration, schema: schema, plan: migrationPlan, observer: migrationObserver)
    }

    /// A container for the models of one version during a migration stage.
    init(migrationSchema: Schema, store: Store) {
        self.schema = migrationSchema
        self.configurations = []
        self.migrationPlan = nil
        self.store = store
        self.migrationReport = nil
    }

    /// What opening the store migrated, if anything.
    public let migrationReport: MigrationReport?

    /// What opening the store would migrate, found by migrating a temporary copy; the
    /// store itself is only read.
    public static func dryRunMigration(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configuration: ModelConfiguration
    ) throws -> MigrationReport {
        let configuration = try checkedConfiguration(schema: schema, configurations: [configuration])
        return try Store.dryRun(configuration: configuration, schema: schema, plan: migrationPlan)
    }

    private static func checkedConfiguration(schema: Schema, configurations: [ModelConfiguration]) throws
        -> ModelConfiguration
    {
        if let invalidity = schema.invalidity { throw invalidity }
        if configurations.count > 1 {
            throw SwiftDataError.unsupportedConfiguration(
                reason: "a container serves one store; create one container per configuration")
        }
        let configuration = configurations.first ?? ModelConfiguration()
        if configuration.cloudKitDatabase.usesCloudKit {
            let violations = CloudKitConstraints.violations(in: schema)
            if !violations.isEmpty { throw SwiftDataError.cloudKitConstraintViolations(violations) }
        }
        return configuration
    }

    /// Opens (or creates) the store for a schema with a migration plan.
    public convenience init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens (or creates) the store for some model types.
    public convenience init(
        for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    /// Opens (or creates) the store for some model types, migrating it through a plan,
    /// as WWDC's migration examples write it.
    public convenience init(
        for forTypes: any PersistentModel.Type...,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The context bound to the main actor; it saves automatically.
    @MainActor public var mainContext: ModelContext {
        mainContextStorage.context(for: self)
    }

    /// The store's file, or nil for an in-memory store.
    public var url: URL? { store.url }

    /// Deletes every model of every entity in the schema, as SwiftData's `erase()`;
    /// the store file stays, empty.
    public func erase() throws {
        try eraseAllData()
    }

    /// Deletes every model of every entity in the schema. Failures are reported by
    /// ``eraseAllData()``; this form ignores them, as SwiftData's does.
    public func deleteAllData() {
        try? eraseAllData()
    }

    /// Deletes every model of every entity in the schema, and the store's history, in
    /// one transaction.
    public func eraseAllData() throws {
        guard store.allowsSave else { throw SwiftDataError.saveNotAllowed }
        let tables = schema.layout.entities.map(\.quotedTable) + schema.layout.joinTables.map(\.quotedName)
        let result = SQLiteErrors.map(path: store.identifier) {
            try store.writer.write { db in
                // The external-data files go too, once the deletion has committed.
                let externalData = ExternalDataChanges(storeURL: store.url)
                if let externalData, externalData.folder.exists {
                    externalData.replace(try ExternalDataRows.references(db).map(\.fileName))
                }
                for table in tables { try db.execute(sql: "DELETE FROM \(table)") }
                try StoreHistory.deleteAll(db: db)
                externalData?.settle(in: db)
            }
        }
        try result.get()
        saveBroadcaster.publish(ModelContainer.Change(inserted: [], updated: [], deleted: [], erasedAll: true))
    }
}

/// Holds the main context, created on first use on the main actor.
@MainActor
private final class MainContextStorage {
    private var context: ModelContext?

    nonisolated init() {}

    func context(for container: ModelContainer) -> ModelContext {
        if let context { return context }
        let context = ModelContext(container)
        context.autosaveEnabled = true
        context.isMainContext = true
        self.context = context
        return context
    }
}
