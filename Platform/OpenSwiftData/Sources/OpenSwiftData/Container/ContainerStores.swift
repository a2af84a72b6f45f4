import Foundation

/// The open stores of a container, one per configuration, and which one holds each
/// entity (``StoreAssignment``).
struct ContainerStores: Sendable {
    let stores: [Store]
    /// The schema of each store: the models its configuration holds.
    let schemas: [Schema]
    /// The store of a container of one configuration, nil with several: most containers
    /// have one, and their models reach it without a lookup (a save asks for the store of
    /// every model it writes, for its identifier).
    let onlyStore: Store?
    private let storeIndexByEntity: [ObjectIdentifier: Int]
    /// The container's custom stores (``DataStore``), nil when it has none; their
    /// entities are in none of ``stores``.
    var dataStores: DataStores?

    /// One store holding every model of `schema`, as a migration stage's container has.
    init(store: Store, schema: Schema) {
        stores = [store]
        schemas = [schema]
        onlyStore = store
        storeIndexByEntity = [:]
    }

    private init(stores: [Store], assignment: StoreAssignment) {
        self.stores = stores
        self.schemas = assignment.schemas
        self.onlyStore = stores.count == 1 ? stores[0] : nil
        self.storeIndexByEntity = assignment.storeIndexByEntity
    }

    /// Whether the container has one store, which holds every entity.
    var hasOneStore: Bool { onlyStore != nil }

    /// The index of the store that holds `entity`'s rows.
    func index(of entity: EntityDescriptor) -> Int {
        onlyStore != nil ? 0 : storeIndexByEntity[ObjectIdentifier(entity)] ?? 0
    }

    /// The store that holds `entity`'s rows.
    func store(for entity: EntityDescriptor) -> Store {
        if let onlyStore { return onlyStore }
        return stores[index(of: entity)]
    }

    /// Opens (creating or migrating) the store of every configuration.
    ///
    /// With several configurations, each store is checked before any is touched: its
    /// CloudKit rules, and, with a plan, the version its file was written by and the
    /// stages it needs (a store that needs a custom stage is refused: that stage's code
    /// may use the models of any store, and each store migrates in a transaction of its
    /// own). Each store then migrates in its own transaction, in order: if one fails,
    /// the stores before it stay migrated, it and those after it are left as they were,
    /// and opening the container again migrates what is left.
    static func open(
        schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?,
        observer: MigrationObserver?
    ) throws(SwiftDataError) -> (stores: ContainerStores, reports: [MigrationReport?]) {
        let configurations = assignment.configurations
        try checkCloudKitRules(assignment)
        let plans = try storePlans(schema: schema, assignment: assignment, plan: plan)
        if configurations.count > 1 {
            for index in configurations.indices {
                try refuseCustomStages(
                    configuration: configurations[index], schema: assignment.schemas[index], plan: plans[index])
            }
        }
        var stores: [Store] = []
        var reports: [MigrationReport?] = []
        for index in configurations.indices {
            let (store, report) = try Store.open(
                configuration: configurations[index], schema: assignment.schemas[index], plan: plans[index],
                observer: observer)
            stores.append(store)
            reports.append(report)
        }
        return (ContainerStores(stores: stores, assignment: assignment), reports)
    }

    /// What opening every configuration's store would migrate, one report per
    /// configuration, found by migrating temporary copies.
    static func dryRun(schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?)
        throws(SwiftDataError) -> [MigrationReport]
    {
        try checkCloudKitRules(assignment)
        let plans = try storePlans(schema: schema, assignment: assignment, plan: plan)
        var reports: [MigrationReport] = []
        for index in assignment.configurations.indices {
            reports.append(
                try Store.dryRun(
                    configuration: assignment.configurations[index], schema: assignment.schemas[index],
                    plan: plans[index]))
        }
        return reports
    }

    /// Checks the models of each store configured for CloudKit against CloudKit's rules.
    private static func checkCloudKitRules(_ assignment: StoreAssignment) throws(SwiftDataError) {
        for (configuration, storeSchema) in zip(assignment.configurations, assignment.schemas)
        where configuration.cloudKitDatabase.usesCloudKit {
            let violations = CloudKitConstraints.violations(in: storeSchema)
            if !violations.isEmpty { throw .cloudKitConstraintViolations(violations) }
        }
    }

    /// The plan each store migrates with: the whole plan, checked against the container's
    /// schema, for a single store; for one of several, the plan projected onto the
    /// entities it holds now and the entities its file holds that the schema no longer has.
    private static func storePlans(
        schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?
    ) throws(SwiftDataError) -> [VersionedPlan?] {
        guard let plan else { return assignment.configurations.map { _ in nil } }
        let checked = try VersionedPlan(plan, current: schema)
        guard assignment.configurations.count > 1 else { return [checked] }
        let current = Set(schema.descriptors.map(\.name))
        return zip(assignment.configurations, assignment.schemas).map { configuration, storeSchema in
            var names = Set(storeSchema.descriptors.map(\.name))
            if !configuration.isStoredInMemoryOnly,
                let stored = StoredHashes.read(path: configuration.url.standardizedFileURL.path)
            {
                names.formUnion(stored.keys.filter { !current.contains($0) })
            }
            return checked.projected(onto: names)
        }
    }

    /// Fails, before any store is touched, when a store of a container of several
    /// configurations would run a custom stage.
    private static func refuseCustomStages(
        configuration: ModelConfiguration, schema: Schema, plan: VersionedPlan?
    ) throws(SwiftDataError) {
        guard let plan, plan.stages.contains(where: \.hasCustomCode) else { return }
        let url = configuration.url.standardizedFileURL
        guard !configuration.isStoredInMemoryOnly, StoreFile.size(of: url) > 0,
            case .other(let stored) = try Store.inspectReadOnly(path: url.path, schema: schema)
        else { return }
        let migrator = StoreMigrator(path: url.path, schema: schema, plan: plan, observer: nil)
        guard let custom = try migrator.stages(for: stored).stages.first(where: \.isCustom) else { return }
        throw .unsupportedConfiguration(
            reason:
                "the store of configuration '\(configuration.name)' (\(url.path)) needs the custom stage \(custom.description), and a container of several configurations runs lightweight stages only (custom code may use the models of every store, and each store migrates on its own); nothing was changed. Migrate with one container per configuration, each with a plan of its own models"
        )
    }
}

extension MigrationStage {
    /// Whether the stage runs `willMigrate` or `didMigrate` code.
    var hasCustomCode: Bool {
        if case .custom(_, _, let willMigrate, let didMigrate) = self { return willMigrate != nil || didMigrate != nil }
        return false
    }
}
