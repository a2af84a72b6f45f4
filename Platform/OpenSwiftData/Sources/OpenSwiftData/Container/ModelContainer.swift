import Foundation
internal import GRDB
import Synchronization

/// Owns the stores of a schema, one per configuration, as SwiftData's `ModelContainer`.
///
/// ```swift
/// let container = try ModelContainer(
///     for: Schema([Trip.self]),
///     configurations: [ModelConfiguration(url: storeURL)]
/// )
/// let context = ModelContext(container)
/// ```
///
/// With several configurations, each is a store file of its own, and each model type is
/// stored by the configuration whose schema lists it (`StoreAssignment`); contexts
/// read and write each model in its own store.
///
/// A container is `Sendable`: pass it to actors, and give each its own
/// ``ModelContext`` (or use `@ModelActor`).
public final class ModelContainer: Sendable {
    /// The models the container stores, with the models they refer to.
    public let schema: Schema
    /// Every configuration: one store each. A set, as SwiftData types it; the stores
    /// keep the order the configurations were given in.
    public let configurations: Set<ModelConfiguration>
    /// The configurations in the order given, which is the stores' order.
    let orderedConfigurations: [ModelConfiguration]
    /// The plan the stores were opened with, if any.
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    let stores: ContainerStores
    let saveBroadcaster: SaveBroadcaster
    private let mainContextStorage: MainContextStorage
    /// What opening each configuration's store migrated, in configuration order.
    private let migrationReports: [MigrationReport?]

    /// Opens (or creates) the store for a schema, migrating it through the plan's
    /// stages when it was written by an earlier version.
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The versions and stages that migrate a store written by an earlier
    ///     version; nil to infer a lightweight migration.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, or a
    ///   store cannot be opened, read or migrated; its ``SwiftDataError/cause`` says which.
    public convenience init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [ModelConfiguration]
    ) throws {
        try self.init(
            for: schema, migrationPlan: migrationPlan, configurations: configurations, migrationObserver: nil)
    }

    /// Opens (or creates) the store of each configuration, reporting the progress of a
    /// migration, if one runs, to `migrationObserver`; ``migrationReport`` then says what
    /// was done.
    ///
    /// A store written by an earlier version is migrated through every stage from its
    /// version to the latest, in one transaction, after a backup is written beside it.
    /// Without a plan, a lightweight migration is inferred from the stored shape. With
    /// several configurations, each store migrates on its own (see
    /// `ContainerStores/open(schema:assignment:plan:observer:)`).
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The versions and stages that migrate a store written by an earlier
    ///     version; nil to infer a lightweight migration.
    ///   - configurations: The stores: one per configuration.
    ///   - migrationObserver: Called with the progress of a migration, if one runs; nil for
    ///     none.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, or a
    ///   store cannot be opened, read or migrated; its ``SwiftDataError/cause`` says which.
    public init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: [ModelConfiguration],
        migrationObserver: MigrationObserver?
    ) throws {
        if let invalidity = schema.invalidity { throw invalidity }
        let assignment = try StoreAssignment(schema: schema, configurations: configurations)
        self.schema = schema
        self.configurations = Set(assignment.configurations)
        self.orderedConfigurations = assignment.configurations
        self.migrationPlan = migrationPlan
        (self.stores, self.migrationReports) = try ContainerStores.open(
            schema: schema, assignment: assignment, plan: migrationPlan, observer: migrationObserver)
        self.saveBroadcaster = SaveBroadcaster()
        self.mainContextStorage = MainContextStorage()
    }

    /// A container whose configurations include custom ones (``DataStoreConfiguration``):
    /// the SQLite stores hold the models `assignment` leaves them, and each custom store
    /// its own.
    init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?, assignment split: DataStoreAssignment)
        throws
    {
        if let invalidity = schema.invalidity { throw invalidity }
        let assignment = try StoreAssignment(schema: split.sqliteSchema, configurations: split.sqliteConfigurations)
        self.schema = schema
        self.configurations = Set(split.modelConfigurations)
        self.orderedConfigurations = assignment.configurations
        self.migrationPlan = migrationPlan
        var (stores, reports) = try ContainerStores.open(
            schema: split.sqliteSchema, assignment: assignment, plan: nil, observer: nil)
        stores.dataStores = try split.openStores(plan: migrationPlan)
        (self.stores, self.migrationReports) = (stores, reports)
        self.saveBroadcaster = SaveBroadcaster()
        self.mainContextStorage = MainContextStorage()
        // Weakly: the stores, which hold the relay, are the container's.
        stores.dataStores?.externalChanges.deliver { [weak self] change in self?.announce(change, savedBy: nil) }
    }

    /// A container for the models of one version during a migration stage.
    convenience init(migrationSchema: Schema, store: Store) {
        self.init(migrationSchema: migrationSchema, stores: ContainerStores(store: store, schema: migrationSchema))
    }

    /// A container over several stores being migrated together (``JointMigration``).
    init(migrationSchema: Schema, stores: ContainerStores) {
        self.schema = migrationSchema
        self.configurations = []
        self.orderedConfigurations = []
        self.migrationPlan = nil
        self.stores = stores
        self.migrationReports = []
        self.saveBroadcaster = SaveBroadcaster()
        self.mainContextStorage = MainContextStorage()
    }

    /// What a container is made of: its stores and their description, and the broadcaster of
    /// its saves. The main context's core keeps them (see ``ModelContextCore/container``).
    struct Parts: Sendable {
        let schema: Schema
        let configurations: Set<ModelConfiguration>
        let orderedConfigurations: [ModelConfiguration]
        let migrationPlan: (any SchemaMigrationPlan.Type)?
        let stores: ContainerStores
        let saveBroadcaster: SaveBroadcaster
        let migrationReports: [MigrationReport?]
    }

    var parts: Parts {
        Parts(
            schema: schema, configurations: configurations, orderedConfigurations: orderedConfigurations,
            migrationPlan: migrationPlan, stores: stores, saveBroadcaster: saveBroadcaster,
            migrationReports: migrationReports)
    }

    /// A container made again from its parts (see ``ModelContextCore/container``); its main
    /// context is made on first use.
    init(parts: Parts) {
        self.schema = parts.schema
        self.configurations = parts.configurations
        self.orderedConfigurations = parts.orderedConfigurations
        self.migrationPlan = parts.migrationPlan
        self.stores = parts.stores
        self.migrationReports = parts.migrationReports
        self.saveBroadcaster = parts.saveBroadcaster
        self.mainContextStorage = MainContextStorage()
    }

    /// What opening the store migrated, if anything; with several configurations, the
    /// first configuration's (see ``migrationReport(for:)``).
    public var migrationReport: MigrationReport? { migrationReports.first ?? nil }

    /// What opening a configuration's store migrated, if anything.
    ///
    /// - Parameter configuration: One of the container's configurations.
    /// - Returns: The report, or nil when nothing was migrated or the configuration is not the
    ///   container's.
    public func migrationReport(for configuration: ModelConfiguration) -> MigrationReport? {
        guard let index = orderedConfigurations.firstIndex(of: configuration) else { return nil }
        return migrationReports[index]
    }

    /// What opening the store would migrate, found by migrating a temporary copy; the
    /// store itself is only read.
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The versions and stages that migrate a store written by an earlier
    ///     version; nil to infer a lightweight migration.
    ///   - configuration: The store to try.
    /// - Throws: ``SwiftDataError`` when the schema or the configuration is invalid, or the
    ///   migration would fail; its ``SwiftDataError/cause`` says which.
    public static func dryRunMigration(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configuration: ModelConfiguration
    ) throws -> MigrationReport {
        let reports = try dryRunMigration(for: schema, migrationPlan: migrationPlan, configurations: [configuration])
        return reports[0]
    }

    /// What opening the stores of these configurations would migrate, one report per
    /// configuration, in order; each found by migrating a temporary copy, so that the
    /// stores themselves are only read.
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The versions and stages that migrate a store written by an earlier
    ///     version; nil to infer a lightweight migration.
    ///   - configurations: The stores to try.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, or a
    ///   migration would fail; its ``SwiftDataError/cause`` says which.
    public static func dryRunMigration(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: [ModelConfiguration]
    ) throws -> [MigrationReport] {
        if let invalidity = schema.invalidity { throw invalidity }
        let assignment = try StoreAssignment(schema: schema, configurations: configurations)
        return try ContainerStores.dryRun(schema: schema, assignment: assignment, plan: migrationPlan)
    }

    /// Opens (or creates) the store for a schema with a migration plan.
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The versions and stages that migrate a store written by an earlier
    ///     version; nil to infer a lightweight migration.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, or a
    ///   store cannot be opened, read or migrated; its ``SwiftDataError/cause`` says which.
    public convenience init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens (or creates) the store for some model types.
    ///
    /// - Parameters:
    ///   - forTypes: The model types to store, with the models they refer to.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, or a
    ///   store cannot be opened, read or migrated; its ``SwiftDataError/cause`` says which.
    public convenience init(
        for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    /// Opens (or creates) the store for some model types, migrating it through a plan,
    /// as WWDC's migration examples write it.
    ///
    /// - Parameters:
    ///   - forTypes: The model types to store, with the models they refer to.
    ///   - migrationPlan: The versions and stages that migrate a store written by an earlier
    ///     version; nil to infer a lightweight migration.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, or a
    ///   store cannot be opened, read or migrated; its ``SwiftDataError/cause`` says which.
    public convenience init(
        for forTypes: any PersistentModel.Type...,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The context bound to the main actor; it saves automatically, and shows what the
    /// container's other contexts save (`ModelContextCore/merge(_:)`).
    ///
    /// The container holds its main context, which does not hold the container: a container
    /// the app lets go of ends, with its main context unless the app holds that, and closes
    /// its stores once no context or model of it is left.
    @MainActor public var mainContext: ModelContext {
        mainContextStorage.context(for: self)
    }

    /// The main context, if it was made.
    @MainActor var existingMainContext: ModelContext? { mainContextStorage.existingContext }

    /// Brings the main context, once it exists, up to date with a save of another
    /// context, on the main actor after the current turn of work there.
    func mergeIntoMainContext(_ change: Change) {
        let storage = mainContextStorage
        guard storage.hasContext.withLock({ $0 }) else { return }
        Task { @MainActor in storage.existingContext?.core.merge(change) }
    }

    /// The first configuration's store file, or nil for an in-memory store.
    public var url: URL? { stores.stores[0].url }

    /// The store that holds an entity's rows.
    func store(for entity: EntityDescriptor) -> Store {
        stores.store(for: entity)
    }

    /// Deletes every model of every entity in the schema, as SwiftData's `erase()`;
    /// the store files stay, empty.
    ///
    /// - Throws: What ``eraseAllData()`` throws.
    public func erase() throws {
        try eraseAllData()
    }

    /// Deletes every model of every entity in the schema. Failures are reported by
    /// ``eraseAllData()``; this form ignores them, as SwiftData's does.
    public func deleteAllData() {
        try? eraseAllData()
    }

    /// Deletes every model of every entity in the schema. The deletions are recorded in
    /// the stores' history, as a save's are (one transaction per store, a deletion of each
    /// model with its preserved values), after the history recorded before, which stays:
    /// a reader of the history, such as a sync, learns of them. Each store is erased in a
    /// transaction of its own, nested so that a failure in any of them leaves every store
    /// as it was (only a failure to commit, after the others committed, leaves the earlier
    /// stores erased). Nothing is erased when any store is read-only. Custom stores
    /// (``DataStore``) are erased first, each by its ``DataStore/erase()``; one that throws
    /// stops the erasure there.
    ///
    /// - Throws: ``SwiftDataError/saveNotAllowed`` when a store is read-only;
    ///   ``SwiftDataError`` when a store fails; what a custom store's ``DataStore/erase()``
    ///   throws.
    public func eraseAllData() throws {
        let all = stores.stores
        guard all.allSatisfy(\.allowsSave) else { throw SwiftDataError.saveNotAllowed }
        for store in stores.dataStores?.stores ?? [] { try store.erase() }
        _ = try NestedTransactions.run(
            count: all.count, path: { all[$0].identifier },
            transaction: { index, body in try all[index].writer.write(body) }
        ) { index, db in
            // The external-data files go too, once the deletion has committed.
            let externalData = ExternalDataChanges(storeURL: all[index].url)
            if let externalData, externalData.folder.exists {
                externalData.replace(try ExternalDataRows.references(db).map(\.fileName))
            }
            let layout = stores.schemas[index].layout
            // Recorded before the rows go: each deletion reads its row's preserved values.
            var history = StoreHistory.Recorder(author: nil)
            try StoreHistory.recordDeletionsOfEveryModel(
                of: layout.entities, externalData: externalData, into: &history, db: db)
            for table in layout.entities.map(\.quotedTable) + layout.joinTables.map(\.quotedName) {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            externalData?.settle(in: db)
        }.get()
        saveBroadcaster.publish(ModelContainer.Change(inserted: [], updated: [], deleted: [], erasedAll: true))
    }
}

/// Holds the main context, created on first use on the main actor.
@MainActor
private final class MainContextStorage {
    private var context: ModelContext?
    /// Whether the main context was made, readable from any thread: a save elsewhere
    /// schedules a merge only then.
    nonisolated let hasContext = Locked(false)

    nonisolated init() {}

    var existingContext: ModelContext? { context }

    func context(for container: ModelContainer) -> ModelContext {
        if let context { return context }
        let context = ModelContext(container)
        context.autosaveEnabled = true
        context.core.isMainContext = true
        context.core.letContainerHoldThisContext()
        self.context = context
        hasContext.withLock { $0 = true }
        MainContextsAtExit.register(container)
        container.reportExternalChanges()
        return context
    }
}
