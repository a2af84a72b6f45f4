import Foundation
internal import GRDB

/// Moves a store from the shape it was written with to the container's schema: through
/// the stages of a migration plan, or by an inferred lightweight migration when there
/// is no plan.
///
/// Everything runs in the caller's transaction, so a failure, a crash or `kill -9` at
/// any point leaves the store as it was. When a stage runs custom code, each entity's
/// row count is compared before committing with its count before the migration plus
/// what the code inserted, minus what it deleted. Lightweight stages are not counted:
/// their statements (adding, renaming and dropping columns and indexes, creating
/// tables, dropping tables checked empty) cannot change a row count, and counting a
/// large table would make adding a column cost time in proportion to its rows.
///
/// Links are counted around each stage's shape change (after `willMigrate`, before
/// `didMigrate`, so that what custom code links or unlinks on purpose does not count):
/// each relationship the new version keeps whose column or join table the change
/// replaces must hold as many links after as before (``RelationshipLinkCensus``), or the
/// migration is refused, naming the relationship.
struct StoreMigrator {
    /// One stage to run.
    struct Stage {
        let description: String
        /// The version before the stage; nil for an inferred migration, whose old shape
        /// comes from the store's metadata.
        let from: Schema?
        let to: Schema
        let willMigrate: (@Sendable (ModelContext) throws -> Void)?
        let didMigrate: (@Sendable (ModelContext) throws -> Void)?

        var isCustom: Bool { willMigrate != nil || didMigrate != nil }
    }

    let path: String
    let schema: Schema
    let plan: VersionedPlan?
    let observer: MigrationObserver?

    /// The stages that take a store with this metadata to the schema; empty when it is
    /// up to date. Fails for a store the plan does not know.
    func stages(for stored: StoredMetadata) throws(SwiftDataError) -> (from: Schema.Version?, stages: [Stage]) {
        guard stored.hashes != schema.layout.hashes else { return (stored.version, []) }
        guard let plan else {
            return (
                stored.version,
                [Stage(description: "inferred", from: nil, to: schema, willMigrate: nil, didMigrate: nil)]
            )
        }
        let start = try plan.versionIndex(of: stored, path: path)
        let stages = plan.stages[start...].enumerated().map { offset, stage in
            let from = plan.versions[start + offset].schema
            let to = plan.versions[start + offset + 1].schema
            switch stage {
            case .lightweight:
                return Stage(description: stage.description, from: from, to: to, willMigrate: nil, didMigrate: nil)
            case .custom(_, _, let willMigrate, let didMigrate):
                return Stage(
                    description: stage.description, from: from, to: to, willMigrate: willMigrate,
                    didMigrate: didMigrate)
            }
        }
        return (plan.versions[start].identifier, stages)
    }

    /// Runs the stages inside the caller's transaction and records the new shapes.
    func migrate(_ db: Database, store: Store, stored: StoredMetadata) throws -> MigrationReport {
        let (fromVersion, stages) = try self.stages(for: stored)
        let target = plan?.latest ?? schema.version
        guard !stages.isEmpty else {
            return MigrationReport(storeVersion: fromVersion, targetVersion: target, stages: [], backupPath: nil)
        }
        let countsRows = stages.contains(where: \.isCustom)
        let before = countsRows ? try Self.rowCounts(db, of: stored) : [:]
        let ledger = MigrationLedger()
        var reports: [MigrationReport.Stage] = []
        var currentShapes = stored.shapes
        for (index, stage) in stages.enumerated() {
            ledger.startStage()
            let report: (MigrationProgress.Phase) -> Void = { phase in
                observer?(
                    MigrationProgress(
                        stageNumber: index + 1, stageCount: stages.count, stage: stage.description, phase: phase,
                        rowsDone: ledger.rowsDone))
            }
            ledger.onSave = { _ in report(.didMigrate) }
            if let willMigrate = stage.willMigrate, let from = stage.from {
                report(.willMigrate)
                try runCustomCode(willMigrate, schema: from, stage: stage, store: store, db: db, ledger: ledger)
            }
            report(.changingShape)
            let shape = try Self.changeShape(
                db, store: store, from: stage.from?.layout.shapes ?? currentShapes, to: stage.to.layout,
                isCustomStage: stage.isCustom)
            if let didMigrate = stage.didMigrate {
                report(.didMigrate)
                try runCustomCode(didMigrate, schema: stage.to, stage: stage, store: store, db: db, ledger: ledger)
            }
            try Self.checkFilled(shape, db, stage: stage.description)
            currentShapes = stage.to.layout.shapes
            reports.append(
                MigrationReport.Stage(
                    description: stage.description, hasCustomCode: stage.isCustom, statements: shape.statements))
        }
        observer?(
            MigrationProgress(
                stageNumber: stages.count, stageCount: stages.count, stage: stages[stages.count - 1].description,
                phase: .verifying, rowsDone: ledger.rowsDone))
        if countsRows { try Self.checkRowCounts(db, layout: schema.layout, before: before, ledger: ledger) }
        try schema.layout.recordShapes(in: db, version: plan?.latest)
        return MigrationReport(storeVersion: fromVersion, targetVersion: target, stages: reports, backupPath: nil)
    }

    /// Runs `willMigrate` or `didMigrate` with a context on the stage's models, and
    /// saves what it left unsaved. The context's saves are part of opening the store, in
    /// the migration's transaction, on models of a container that exists for the stage
    /// only: they are not announced (the context holds them, see
    /// ``ModelContextCore/heldChanges``, and is dropped).
    private func runCustomCode(
        _ code: @Sendable (ModelContext) throws -> Void, schema: Schema, stage: Stage, store: Store, db: Database,
        ledger: MigrationLedger
    ) throws {
        let container = ModelContainer(migrationSchema: schema, store: store)
        try Self.run(
            code, in: ModelContext(container: container, pinnedDatabases: [db]), stage: stage.description,
            ledger: ledger)
    }
}

extension StoreMigrator {
    /// Changes a store's tables from `from` to `to` (``LightweightMigration``), checking
    /// that every relationship kept holds as many links after as before.
    static func changeShape(
        _ db: Database, store: Store, from: [String: EntityShape], to: StoreLayout, isCustomStage: Bool
    ) throws -> LightweightMigration.Result {
        let links = RelationshipLinkCensus(from: from, to: to)
        let linksBefore = try links.count(db)
        let shape = try LightweightMigration(
            from: from, to: to, isCustomStage: isCustomStage,
            externalData: store.url.map(ExternalDataFolder.init(storeURL:))
        ).run(in: db)
        try links.verify(db, before: linksBefore)
        return shape
    }

    /// Fails when a new non-optional column a custom stage added is still empty in a row.
    static func checkFilled(_ shape: LightweightMigration.Result, _ db: Database, stage: String) throws {
        for (entity, column) in shape.columnsToFill {
            let missing =
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT COUNT(*) FROM \(EntityDescriptor.quote(entity)) WHERE \(EntityDescriptor.quote(column)) IS NULL"
                ) ?? 0
            if missing > 0 {
                throw SwiftDataError.migrationStageFailed(
                    stage: stage,
                    reason:
                        "\(missing) rows of \(entity) have no value for the new non-optional \(column); didMigrate must set it"
                )
            }
        }
    }

    /// The row count of each entity a store holds.
    static func rowCounts(_ db: Database, of stored: StoredMetadata) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in stored.hashes.keys {
            counts[name] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(EntityDescriptor.quote(name))") ?? 0
        }
        return counts
    }

    /// Fails when an entity of `layout` does not hold its count before the migration plus
    /// what custom code inserted, minus what it deleted.
    static func checkRowCounts(
        _ db: Database, layout: StoreLayout, before: [String: Int], ledger: MigrationLedger
    ) throws {
        for entity in layout.entities {
            let expected =
                (before[entity.name] ?? 0) + (ledger.inserted[entity.name] ?? 0) - (ledger.deleted[entity.name] ?? 0)
            let found = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(entity.quotedTable)") ?? 0
            if found != expected {
                throw SwiftDataError.rowCountMismatch(entity: entity.name, expected: expected, found: found)
            }
        }
    }

    /// Runs a stage's `willMigrate` or `didMigrate` in `context`, and saves what it left
    /// unsaved; any error becomes the stage's failure.
    static func run(
        _ code: @Sendable (ModelContext) throws -> Void, in context: ModelContext, stage: String,
        ledger: MigrationLedger
    ) throws {
        context.core.ledger = ledger
        do {
            try code(context)
            if context.hasChanges { try context.save() }
        } catch let error as SwiftDataError {
            throw SwiftDataError.migrationStageFailed(stage: stage, reason: error.description)
        } catch {
            throw SwiftDataError.migrationStageFailed(stage: stage, reason: "\(error)")
        }
    }
}
