import Foundation
import OpenSwiftData

/// The versions of a schema a namespace's tables go through when a store opens them: the
/// version they were last brought to is kept in the namespace's table
/// `_openswiftdata_metadata` (`key`, `value`; the key `schemaVersion`), with how that version
/// stores each entity (the key `entityShapes`: OpenSwiftData's `EntityShape`s, in JSON, by
/// entity name), and a migration plan's versions after it are each a step of lightweight
/// changes (``PostgresSchemaChange``).
///
/// A plan's custom stages run their code (`willMigrate` before the step's changes, with a
/// context over the version before; `didMigrate` after them, over the version after) in the
/// migration's transaction. Tables written by a version newer than the plan's latest, or by a
/// version the plan does not list, are refused, as are custom stages for tables that record
/// no version (which stage they are at is not known).
enum PostgresSchemaVersions {
    /// The table of the namespace that keeps the version.
    static let metadataTable = "_openswiftdata_metadata"
    /// The key of the version in ``metadataTable``.
    static let versionKey = "schemaVersion"
    /// The key of the entities' shapes in ``metadataTable``.
    static let shapesKey = "entityShapes"

    /// How the version the tables are at stores each entity: the shapes the metadata
    /// records, else those of the plan's version the tables record; nil when neither is
    /// known (tables written before the store recorded shapes, opened without a plan).
    ///
    /// - Parameters:
    ///   - recorded: The metadata's values, by key.
    ///   - plan: The container's migration plan, if it has one.
    ///   - stored: The version the tables record, if any.
    static func shapes(recorded: [String: String], plan: (any SchemaMigrationPlan.Type)?, stored: Schema.Version?)
        -> [String: EntityShape]?
    {
        if let json = recorded[shapesKey],
            let shapes = try? JSONDecoder().decode([String: EntityShape].self, from: Data(json.utf8))
        {
            return shapes
        }
        guard let stored, let version = plan?.schemas.first(where: { $0.versionIdentifier == stored }) else {
            return nil
        }
        return Schema(versionedSchema: version).entityShapes
    }

    /// The shapes as the metadata records them: JSON with sorted keys.
    static func recorded(_ shapes: [String: EntityShape]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Strings, booleans and arrays of them always encode.
        return (try? encoder.encode(shapes)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// One schema the tables are brought to: a plan's stage (its `description`, such as
    /// "lightweight 1.0.0 → 2.0.0"), or the container's schema with no stage of the plan to
    /// reach it (nil: the changes found are inferred).
    struct Step {
        let stage: String?
        let schema: Schema
        /// A custom stage's code, and the schema of the version it starts from.
        var willMigrate: (@Sendable (ModelContext) throws -> Void)?
        var didMigrate: (@Sendable (ModelContext) throws -> Void)?
        var fromSchema: Schema?

        var hasCustomCode: Bool { willMigrate != nil || didMigrate != nil }
    }

    /// The schemas to bring the tables to, in order, and the version they then are.
    ///
    /// - Parameters:
    ///   - plan: The container's migration plan, if it has one.
    ///   - schema: The container's schema: the last step.
    ///   - stored: The version the tables were last brought to; nil when none is recorded.
    ///   - tablesExist: Whether the namespace holds tables of models already.
    ///   - storeIdentifier: The store, as errors name it.
    /// - Throws: `SwiftDataError.storeIsNewer`, `SwiftDataError.unknownModelVersion`,
    ///   `SwiftDataError.invalidMigrationPlan`, or ``PostgresStoreError/unsupported(_:)`` for a
    ///   custom stage of tables that record no version.
    static func steps(
        plan: (any SchemaMigrationPlan.Type)?, schema: Schema, stored: Schema.Version?, tablesExist: Bool,
        storeIdentifier: String
    ) throws -> (steps: [Step], version: Schema.Version) {
        guard let plan else { return ([Step(stage: nil, schema: schema)], stored ?? schema.version) }
        let versions = plan.schemas.map { $0.versionIdentifier }
        guard let latest = versions.last else {
            throw SwiftDataError.invalidMigrationPlan(reason: "\(plan) lists no schemas")
        }
        // Tables made now are the latest version's: no stage has anything to move.
        guard tablesExist else { return ([Step(stage: nil, schema: schema)], latest) }
        guard let stored else {
            if let custom = plan.stages.first(where: { $0.isCustom }) {
                throw PostgresStoreError.unsupported(
                    "custom migration stages (\(custom)) for tables that record no schema version")
            }
            return ([Step(stage: nil, schema: schema)], latest)
        }
        if stored > latest {
            throw SwiftDataError.storeIsNewer(
                path: storeIdentifier, storeVersion: stored.description, latestKnownVersion: latest.description)
        }
        guard let start = versions.firstIndex(of: stored) else {
            throw SwiftDataError.unknownModelVersion(
                path: storeIdentifier, nearestVersion: nil,
                differences: ["the tables record version \(stored), which \(plan) does not list"])
        }
        var steps: [Step] = []
        for stage in plan.stages {
            guard let from = versions.firstIndex(of: stage.fromVersion.versionIdentifier), from >= start else {
                continue
            }
            // The last stage reaches the container's schema, the plan's latest version.
            let isLast = stage.toVersion.versionIdentifier == latest
            var step = Step(
                stage: stage.description, schema: isLast ? schema : Schema(versionedSchema: stage.toVersion))
            if case .custom(_, _, let willMigrate, let didMigrate) = stage, willMigrate != nil || didMigrate != nil {
                step.willMigrate = willMigrate
                step.didMigrate = didMigrate
                step.fromSchema = Schema(versionedSchema: stage.fromVersion)
            }
            steps.append(step)
        }
        if steps.last?.schema !== schema { steps.append(Step(stage: nil, schema: schema)) }
        return (steps, latest)
    }
}

extension MigrationStage {
    /// Whether the stage runs code of the app's (`willMigrate`, `didMigrate`).
    fileprivate var isCustom: Bool {
        guard case .custom(_, _, let willMigrate, let didMigrate) = self else { return false }
        return willMigrate != nil || didMigrate != nil
    }
}
