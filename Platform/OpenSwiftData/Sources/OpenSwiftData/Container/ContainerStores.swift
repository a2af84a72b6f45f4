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

    /// Stores each holding the models of its schema, as the container of a migration
    /// stage over several stores has.
    init(stores: [Store], schemas: [Schema]) {
        var indexByEntity: [ObjectIdentifier: Int] = [:]
        for (index, schema) in schemas.enumerated() {
            for entity in schema.descriptors { indexByEntity[ObjectIdentifier(entity)] = index }
        }
        self.stores = stores
        self.schemas = schemas
        self.onlyStore = stores.count == 1 ? stores[0] : nil
        self.storeIndexByEntity = indexByEntity
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
    /// CloudKit rules, and, with a plan, the version its file was written by. When a store
    /// needs a stage with custom code, whose code may use the models of every store, the
    /// stores migrate together (``JointMigration``): every store is backed up, and either
    /// all migrate or none changes. Otherwise each store migrates through the stages that
    /// change its own models, in its own transaction, in order: if one fails, the stores
    /// before it stay migrated, it and those after it are left as they were, and opening
    /// the container again migrates what is left.
    ///
    /// Models whose configuration changed move to their new store first (``ModelMove``):
    /// each store they leave is brought to the latest version with them, then their rows
    /// move.
    static func open(
        schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?,
        observer: MigrationObserver?
    ) throws(SwiftDataError) -> (stores: ContainerStores, reports: [MigrationReport?]) {
        let moves = ModelMove.needed(for: assignment)
        guard !moves.isEmpty else {
            return try openStores(schema: schema, assignment: assignment, plan: plan, observer: observer)
        }
        for move in moves {
            let source = assignment.configurations[move.source]
            let destination = assignment.configurations[move.destination]
            guard source.allowsSave, destination.allowsSave, !destination.isStoredInMemoryOnly else {
                throw .unsupportedConfiguration(
                    reason:
                        "\(move.entities.joined(separator: ", ")) must move from the store of configuration '\(source.name)' to the store of configuration '\(destination.name)', which needs both stores on disk and writable; nothing was changed"
                )
            }
        }
        var earlier: [MigrationReport?]
        do {
            // The stores opened here are let go of before the rows move.
            earlier = try openStores(
                schema: schema, assignment: assignment.holding(moves), plan: plan, observer: observer
            ).reports
        }
        for move in moves { try move.run(assignment) }
        let (stores, reports) = try openStores(schema: schema, assignment: assignment, plan: plan, observer: observer)
        return (stores, zip(earlier, reports).map { $0 ?? $1 })
    }

    /// Opens the stores of ``open(schema:assignment:plan:observer:)``, whose models are
    /// where `assignment` puts them.
    private static func openStores(
        schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?,
        observer: MigrationObserver?
    ) throws(SwiftDataError) -> (stores: ContainerStores, reports: [MigrationReport?]) {
        let configurations = assignment.configurations
        try checkCloudKitRules(assignment)
        let (checked, plans) = try storePlans(schema: schema, assignment: assignment, plan: plan)
        var jointReports: [Int: MigrationReport] = [:]
        if let joint = try jointMigration(assignment: assignment, plan: checked, plans: plans, observer: observer) {
            for (index, configuration) in configurations.enumerated() where !configuration.allowsSave {
                // A read-only store that needs migrating fails here, before any store is touched.
                _ = try Store.openReadOnly(
                    url: configuration.url.standardizedFileURL, schema: assignment.schemas[index], plan: plans[index])
            }
            let reports = try joint.migration.run(backingUp: true)
            for (member, report) in zip(joint.indices, reports) { jointReports[member] = report }
        }
        var stores: [Store] = []
        var reports: [MigrationReport?] = []
        for index in configurations.indices {
            let (store, report) = try Store.open(
                configuration: configurations[index], schema: assignment.schemas[index], plan: plans[index],
                observer: observer)
            stores.append(store)
            reports.append(jointReports[index] ?? report)
        }
        return (ContainerStores(stores: stores, assignment: assignment), reports)
    }

    /// The migration of the stores of several configurations together, when a plan's
    /// custom stage is needed by one of them; nil otherwise. Its members are the
    /// configurations whose files hold a store and may be written, with their positions.
    private static func jointMigration(
        assignment: StoreAssignment, plan: VersionedPlan?, plans: [VersionedPlan?], observer: MigrationObserver?,
        urls: [URL]? = nil
    ) throws(SwiftDataError) -> (migration: JointMigration, indices: [Int])? {
        guard assignment.configurations.count > 1, let plan, plan.stages.contains(where: \.hasCustomCode) else {
            return nil
        }
        var members: [JointMigration.Member] = []
        var indices: [Int] = []
        for (index, configuration) in assignment.configurations.enumerated() {
            guard let storePlan = plans[index], !configuration.isStoredInMemoryOnly, configuration.allowsSave else {
                continue
            }
            let url = urls?[index] ?? configuration.url.standardizedFileURL
            guard StoreFile.size(of: url) > 0,
                !(try Store.inspectReadOnly(path: url.path, schema: assignment.schemas[index]).isEmpty)
            else { continue }
            members.append(
                JointMigration.Member(
                    url: url, name: configuration.name, schema: assignment.schemas[index], plan: storePlan))
            indices.append(index)
        }
        let migration = JointMigration(plan: plan, members: members, observer: observer)
        return try migration.isNeeded() ? (migration, indices) : nil
    }

    /// What opening every configuration's store would migrate, one report per
    /// configuration, found by migrating temporary copies.
    static func dryRun(schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?)
        throws(SwiftDataError) -> [MigrationReport]
    {
        try checkCloudKitRules(assignment)
        let (checked, plans) = try storePlans(schema: schema, assignment: assignment, plan: plan)
        if try jointMigration(assignment: assignment, plan: checked, plans: plans, observer: nil) != nil {
            return try jointDryRun(assignment: assignment, plan: checked, plans: plans)
        }
        var reports: [MigrationReport] = []
        for index in assignment.configurations.indices {
            reports.append(
                try Store.dryRun(
                    configuration: assignment.configurations[index], schema: assignment.schemas[index],
                    plan: plans[index]))
        }
        return reports
    }

    /// What a joint migration would do, found by migrating copies of the stores in a
    /// temporary folder.
    private static func jointDryRun(
        assignment: StoreAssignment, plan: VersionedPlan?, plans: [VersionedPlan?]
    ) throws(SwiftDataError) -> [MigrationReport] {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "openswiftdata-dry-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var copies: [URL] = []
        for (index, configuration) in assignment.configurations.enumerated() {
            let url = configuration.url.standardizedFileURL
            let copy = folder.appending(path: "\(index)").appending(path: url.lastPathComponent)
            if !configuration.isStoredInMemoryOnly, StoreFile.size(of: url) > 0 {
                // A backup carries the external data, which the migration may read or remove.
                try SQLiteErrors.map(path: url.path) { try StoreFile(url: url).backup(to: copy) }.get()
            }
            copies.append(copy)
        }
        guard
            let joint = try jointMigration(
                assignment: assignment, plan: plan, plans: plans, observer: nil, urls: copies)
        else { return [] }
        let reports = try joint.migration.run(backingUp: false)
        let target = plan?.latest ?? assignment.schemas[0].version
        var all = assignment.configurations.map { _ in
            MigrationReport(storeVersion: nil, targetVersion: target, stages: [], backupPath: nil)
        }
        for (member, report) in zip(joint.indices, reports) {
            if let report { all[member] = report }
        }
        return all
    }

    /// Checks the models of each store configured for CloudKit against CloudKit's rules.
    private static func checkCloudKitRules(_ assignment: StoreAssignment) throws(SwiftDataError) {
        for (configuration, storeSchema) in zip(assignment.configurations, assignment.schemas)
        where configuration.cloudKitDatabase.usesCloudKit {
            let violations = CloudKitConstraints.violations(in: storeSchema)
            if !violations.isEmpty { throw .cloudKitConstraintViolations(violations) }
        }
    }

    /// The container's plan, checked, and the plan each store migrates with: the whole plan, checked against the container's
    /// schema, for a single store; for one of several, the plan projected onto the
    /// entities it holds now and the entities its file holds that the schema no longer has.
    private static func storePlans(
        schema: Schema, assignment: StoreAssignment, plan: (any SchemaMigrationPlan.Type)?
    ) throws(SwiftDataError) -> (checked: VersionedPlan?, stores: [VersionedPlan?]) {
        guard let plan else { return (nil, assignment.configurations.map { _ in nil }) }
        let checked = try VersionedPlan(plan, current: schema)
        guard assignment.configurations.count > 1 else { return (checked, [checked]) }
        let current = Set(schema.descriptors.map(\.name))
        let plans = zip(assignment.configurations, assignment.schemas).map { configuration, storeSchema in
            var names = Set(storeSchema.descriptors.map(\.name))
            if !configuration.isStoredInMemoryOnly,
                let stored = StoredHashes.read(path: configuration.url.standardizedFileURL.path)
            {
                names.formUnion(stored.keys.filter { !current.contains($0) })
            }
            return checked.projected(onto: names)
        }
        return (checked, plans)
    }
}

extension MigrationStage {
    /// Whether the stage runs `willMigrate` or `didMigrate` code.
    var hasCustomCode: Bool {
        if case .custom(_, _, let willMigrate, let didMigrate) = self { return willMigrate != nil || didMigrate != nil }
        return false
    }
}
