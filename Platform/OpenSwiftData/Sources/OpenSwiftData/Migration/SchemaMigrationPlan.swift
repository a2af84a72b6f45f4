/// The shipped versions of a schema and how to move a store from each to the next, as
/// SwiftData's `SchemaMigrationPlan`.
///
/// ```swift
/// enum MoviesWatchlistMigrationPlan: SchemaMigrationPlan {
///     static let schemas: [any VersionedSchema.Type] = [MoviesWatchlistSchemaV1.self, MoviesWatchlistSchemaV2.self]
///     static let stages: [MigrationStage] = [
///         .lightweight(fromVersion: MoviesWatchlistSchemaV1.self, toVersion: MoviesWatchlistSchemaV2.self)
///     ]
/// }
/// ```
public protocol SchemaMigrationPlan: SendableMetatype {
    /// Every shipped version, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// One stage from each version to the next, in order.
    static var stages: [MigrationStage] { get }
}

/// One step of a migration plan, from one version to the next.
public enum MigrationStage: Sendable, CustomStringConvertible {
    /// Changes the store's shape only: added, removed and renamed properties and
    /// entities, with the rules of the migration guide.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// Runs code before (`willMigrate`, on the old version's models) and after
    /// (`didMigrate`, on the new version's models) the shape changes. `@preconcurrency`,
    /// as SwiftData declares it: code written before strict concurrency checking, which
    /// passes closures that are not `@Sendable`, compiles as it does with SwiftData.
    @preconcurrency
    case custom(
        fromVersion: any VersionedSchema.Type,
        toVersion: any VersionedSchema.Type,
        willMigrate: (@Sendable (ModelContext) throws -> Void)?,
        didMigrate: (@Sendable (ModelContext) throws -> Void)?
    )

    /// The version the stage migrates from.
    public var fromVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): from
        }
    }

    /// The version the stage migrates to.
    public var toVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): to
        }
    }

    public var description: String {
        let kind =
            switch self {
            case .lightweight: "lightweight"
            case .custom: "custom"
            }
        return "\(kind) \(fromVersion.versionIdentifier) → \(toVersion.versionIdentifier)"
    }
}
