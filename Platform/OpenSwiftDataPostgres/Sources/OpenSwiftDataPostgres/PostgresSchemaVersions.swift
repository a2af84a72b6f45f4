import OpenSwiftData

/// The versions of a schema a namespace's tables go through when a store opens them: the
/// version they were last brought to is kept in the namespace's table
/// `_openswiftdata_metadata` (`key`, `value`; the key `schemaVersion`), and a migration plan's
/// versions after it are each a step of lightweight changes (``PostgresSchemaChange``).
///
/// A plan's custom stages (`willMigrate`, `didMigrate`) do not run on PostgreSQL yet: a plan
/// that needs one to reach its latest version from the stored one is refused before anything
/// changes, as are tables written by a version newer than the plan's latest, or by a version
/// the plan does not list.
enum PostgresSchemaVersions {
    /// The table of the namespace that keeps the version.
    static let metadataTable = "_openswiftdata_metadata"
    /// The key of the version in ``metadataTable``.
    static let versionKey = "schemaVersion"

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
    ///   custom stage the tables would have to go through.
    static func steps(
        plan: (any SchemaMigrationPlan.Type)?, schema: Schema, stored: Schema.Version?, tablesExist: Bool,
        storeIdentifier: String
    ) throws -> (steps: [Schema], version: Schema.Version) {
        guard let plan else { return ([schema], stored ?? schema.version) }
        let versions = plan.schemas.map { $0.versionIdentifier }
        guard let latest = versions.last else {
            throw SwiftDataError.invalidMigrationPlan(reason: "\(plan) lists no schemas")
        }
        // Tables made now are the latest version's: no stage has anything to move.
        guard tablesExist else { return ([schema], latest) }
        guard let stored else {
            if let custom = plan.stages.first(where: { $0.isCustom }) {
                throw PostgresStoreError.unsupported(
                    "custom migration stages (\(custom)) for tables that record no schema version")
            }
            return ([schema], latest)
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
        var steps: [Schema] = []
        for stage in plan.stages {
            guard let from = versions.firstIndex(of: stage.fromVersion.versionIdentifier), from >= start else {
                continue
            }
            if stage.isCustom {
                throw PostgresStoreError.unsupported(
                    "custom migration stages (\(stage): the tables stay as version \(stored) left them)")
            }
            if stage.toVersion.versionIdentifier != latest { steps.append(Schema(versionedSchema: stage.toVersion)) }
        }
        return (steps + [schema], latest)
    }
}

extension MigrationStage {
    /// Whether the stage runs code of the app's (`willMigrate`, `didMigrate`).
    fileprivate var isCustom: Bool {
        guard case .custom(_, _, let willMigrate, let didMigrate) = self else { return false }
        return willMigrate != nil || didMigrate != nil
    }
}
