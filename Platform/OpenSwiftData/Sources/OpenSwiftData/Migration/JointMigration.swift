import Foundation
internal import GRDB

/// The migration of the stores of a container of several configurations whose plan runs
/// custom code: the stores migrate together, stage by stage, each in a transaction of its
/// own, nested (``NestedTransactions``), so that a stage's `willMigrate` and `didMigrate`
/// see the models of every store at the stage's version and may move data between them,
/// and an error anywhere leaves every store as it was.
///
/// Each store is at a version of the plan projected onto its own models
/// (``VersionedPlan/projected(onto:)``): its shape changes at the stages that change its
/// models and stays at the others. As for a single store, a store is taken to be at the
/// last version stored like it; the stages run from the earliest version a store that
/// needs migrating is at. A stage's code sees every store that is stored as the stage's
/// version (before its shape change for `willMigrate`, after it for `didMigrate`); a store
/// already past it (one created by a later version of the app) is left out of that
/// context, and its models are not found there.
struct JointMigration {
    /// A store that takes part: a file that exists and holds a store.
    struct Member {
        let url: URL
        /// The configuration's name, for errors.
        let name: String
        /// The models the store holds at the plan's latest version.
        let schema: Schema
        /// The plan as this store sees it.
        let plan: VersionedPlan
    }

    /// The container's plan: its stages and their code.
    let plan: VersionedPlan
    let members: [Member]
    let observer: MigrationObserver?

    /// Whether a member needs a stage with custom code; read only, without writing to any
    /// store. Fails for a store the plan does not know, or one newer than it.
    func isNeeded() throws(SwiftDataError) -> Bool {
        for member in members {
            guard case .other(let stored) = try Store.inspectReadOnly(path: member.url.path, schema: member.schema)
            else { continue }
            let migrator = StoreMigrator(path: member.url.path, schema: member.schema, plan: member.plan, observer: nil)
            if try migrator.stages(for: stored).stages.contains(where: \.isCustom) { return true }
        }
        return false
    }

    /// Backs each store up (when `backingUp`), then migrates them all; returns each
    /// member's report, nil for a store that took part in no stage.
    func run(backingUp: Bool) throws(SwiftDataError) -> [MigrationReport?] {
        var queues: [DatabaseQueue] = []
        defer {
            for queue in queues { try? queue.close() }
        }
        for member in members {
            let path = member.url.path
            let queue = try SQLiteErrors.map(path: path) {
                try DatabaseQueue(path: path, configuration: Store.configuration())
            }.get()
            queues.append(queue)
        }
        var backups: [String?] = members.map { _ in nil }
        if backingUp {
            observer?(MigrationProgress(stageNumber: 0, stageCount: 0, stage: "backup", phase: .backingUp, rowsDone: 0))
            for (index, member) in members.enumerated() {
                let path = member.url.path
                backups[index] = try SQLiteErrors.map(path: path) {
                    let version = try queues[index].read { db in
                        try StoredMetadata.read(from: db).version?.description ?? "unknown"
                    }
                    return try MigrationBackup.write(from: queues[index], storeURL: member.url, version: version).path
                }.get()
            }
        }
        var databases: [Database] = []
        var reports: [MigrationReport?] = []
        // Each store's transaction is open while the next one's runs; the innermost runs
        // the migration with every connection, which stays valid until its store commits.
        let outcome = NestedTransactions.run(
            count: members.count, path: { members[$0].url.path },
            transaction: { index, body in
                try queues[index].writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try body(db)
                        return .commit
                    }
                }
            },
            work: { index, db in
                databases.append(db)
                if index == members.count - 1 {
                    reports = try migrate(databases, queues: queues)
                    databases = []
                }
            })
        _ = try outcome.get()
        return reports.enumerated().map { index, report in
            report.map {
                MigrationReport(
                    storeVersion: $0.storeVersion, targetVersion: $0.targetVersion, stages: $0.stages,
                    backupPath: backups[index])
            }
        }
    }

    /// Where a store stands in its projected plan: the versions stored like it, from the
    /// first (`lower`) to the one it is taken to be at (`current`).
    private struct Position {
        var lower: Int
        var current: Int
        var stages: [MigrationReport.Stage] = []
        var storeVersion: Schema.Version?

        func holds(_ version: Int) -> Bool { lower <= version && version <= current }
    }

    /// The run of versions of `plan` stored as the version at `index`, up to it.
    private static func position(at index: Int, in plan: VersionedPlan) -> Position {
        let hashes = plan.versions[index].schema.layout.hashes
        var lower = index
        while lower > 0, plan.versions[lower - 1].schema.layout.hashes == hashes { lower -= 1 }
        return Position(lower: lower, current: index, storeVersion: plan.versions[index].identifier)
    }

    /// The versions from `index` on stored like it: the last of them.
    private static func lastVersion(storedAs index: Int, in plan: VersionedPlan) -> Int {
        let hashes = plan.versions[index].schema.layout.hashes
        var last = index
        while last + 1 < plan.versions.count, plan.versions[last + 1].schema.layout.hashes == hashes { last += 1 }
        return last
    }

    /// Runs every stage from the earliest version a store needing it is at, inside the
    /// members' transactions.
    private func migrate(_ databases: [Database], queues: [DatabaseQueue]) throws -> [MigrationReport?] {
        let latest = plan.versions.count - 1
        var positions: [Position] = []
        var storedByMember: [StoredMetadata] = []
        var needing: [Int] = []
        for (index, member) in members.enumerated() {
            // Read again under the write lock: another process may have migrated.
            let stored = try StoredMetadata.read(from: databases[index])
            storedByMember.append(stored)
            if stored.hashes == member.schema.layout.hashes {
                positions.append(Self.position(at: latest, in: member.plan))
            } else {
                let at = try member.plan.versionIndex(of: stored, path: member.url.path)
                positions.append(Self.position(at: at, in: member.plan))
                needing.append(index)
            }
        }
        guard let start = needing.map({ positions[$0].current }).min() else { return members.map { _ in nil } }
        let stores = members.indices.map { index in
            Store(writer: queues[index], identifier: members[index].url.path, url: members[index].url, allowsSave: true)
        }
        let countsRows = plan.stages[start...].contains(where: \.hasCustomCode)
        let before =
            try countsRows
            ? members.indices.map { try StoreMigrator.rowCounts(databases[$0], of: storedByMember[$0]) } : []
        let ledger = MigrationLedger()
        let stageCount = latest - start
        for version in start..<latest {
            let stage = plan.stages[version]
            ledger.startStage()
            let report: (MigrationProgress.Phase) -> Void = { phase in
                observer?(
                    MigrationProgress(
                        stageNumber: version - start + 1, stageCount: stageCount, stage: stage.description,
                        phase: phase, rowsDone: ledger.rowsDone))
            }
            ledger.onSave = { _ in report(.didMigrate) }
            let (willMigrate, didMigrate) = stage.customCode
            var tookPart = Set<Int>()
            if let willMigrate {
                report(.willMigrate)
                tookPart.formUnion(
                    try runCustomCode(
                        willMigrate, stage: stage, at: version, positions: positions, stores: stores,
                        databases: databases, ledger: ledger))
            }
            report(.changingShape)
            var statements: [Int: [String]] = [:]
            var shapes: [Int: LightweightMigration.Result] = [:]
            for index in members.indices where positions[index].current == version {
                let memberPlan = members[index].plan
                let shape = try StoreMigrator.changeShape(
                    databases[index], store: stores[index], from: memberPlan.versions[version].schema.layout.shapes,
                    to: memberPlan.versions[version + 1].schema.layout, isCustomStage: stage.hasCustomCode)
                shapes[index] = shape
                statements[index] = shape.statements
                positions[index] = Position(
                    lower: version + 1, current: Self.lastVersion(storedAs: version + 1, in: memberPlan),
                    stages: positions[index].stages, storeVersion: positions[index].storeVersion)
            }
            if let didMigrate {
                report(.didMigrate)
                tookPart.formUnion(
                    try runCustomCode(
                        didMigrate, stage: stage, at: version + 1, positions: positions, stores: stores,
                        databases: databases, ledger: ledger))
            }
            for (index, shape) in shapes {
                try StoreMigrator.checkFilled(shape, databases[index], stage: stage.description)
            }
            for index in tookPart.union(statements.keys) {
                positions[index].stages.append(
                    MigrationReport.Stage(
                        description: stage.description, hasCustomCode: stage.hasCustomCode,
                        statements: statements[index] ?? []))
            }
        }
        observer?(
            MigrationProgress(
                stageNumber: stageCount, stageCount: stageCount, stage: plan.stages[latest - 1].description,
                phase: .verifying, rowsDone: ledger.rowsDone))
        for index in members.indices {
            if countsRows {
                try StoreMigrator.checkRowCounts(
                    databases[index], layout: members[index].schema.layout, before: before[index], ledger: ledger)
            }
            try members[index].schema.layout.recordShapes(in: databases[index], version: plan.latest)
        }
        return positions.map { position in
            position.stages.isEmpty
                ? nil
                : MigrationReport(
                    storeVersion: position.storeVersion, targetVersion: plan.latest, stages: position.stages,
                    backupPath: nil)
        }
    }

    /// Runs a stage's code with a context on every store stored as `version`, and returns
    /// those stores.
    private func runCustomCode(
        _ code: @Sendable (ModelContext) throws -> Void, stage: MigrationStage, at version: Int,
        positions: [Position], stores: [Store], databases: [Database], ledger: MigrationLedger
    ) throws -> Set<Int> {
        let present = members.indices.filter { positions[$0].holds(version) }
        let schemas = present.map { members[$0].plan.versions[version].schema }
        let schema = Schema(schemas.flatMap(\.modelTypes), version: plan.versions[version].identifier)
        let container = ModelContainer(
            migrationSchema: schema, stores: ContainerStores(stores: present.map { stores[$0] }, schemas: schemas))
        let context = ModelContext(container: container, pinnedDatabases: present.map { databases[$0] })
        try StoreMigrator.run(code, in: context, stage: stage.description, ledger: ledger)
        return Set(present)
    }
}

extension MigrationStage {
    /// The stage's `willMigrate` and `didMigrate`; nil for a lightweight stage.
    var customCode:
        (
            willMigrate: (@Sendable (ModelContext) throws -> Void)?,
            didMigrate: (@Sendable (ModelContext) throws -> Void)?
        )
    {
        if case .custom(_, _, let willMigrate, let didMigrate) = self { return (willMigrate, didMigrate) }
        return (nil, nil)
    }
}
