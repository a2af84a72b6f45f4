import Foundation
import OpenSwiftData

/// Helpers that make the migration-testing advice cheap to follow: test from real
/// stores on disk, from every older version, and check the rows afterwards.
///
/// ```swift
/// try MigrationTesting.writeStore(at: url, version: WatchlistV1.self) { context in
///     context.insert(WatchlistV1.Movie(movieID: 1))
/// }
/// let container = try MigrationTesting.openMigrated(at: url, plan: WatchlistPlan.self)
/// ```
public enum MigrationTesting {
    /// Writes a store at `url` with one version's models and the rows `rows` inserts.
    /// The store is stamped with the version, as the app that shipped it would have.
    ///
    /// - Parameters:
    ///   - url: Where to write the store; a store already there is opened and added to.
    ///   - version: The versioned schema whose models the store holds.
    ///   - rows: Inserts the rows through the context it is given; the context is saved
    ///     when it returns.
    /// - Throws: The error of opening the container, of `rows`, or of the save.
    public static func writeStore(
        at url: URL, version: any VersionedSchema.Type, rows: (ModelContext) throws -> Void
    ) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: version), migrationPlan: SingleVersionPlan.plan(for: version),
            configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        try rows(context)
        try context.save()
    }

    /// Opens a store with a plan's latest version, migrating it, and returns the
    /// container (whose `ModelContainer/migrationReport` says what ran).
    ///
    /// - Parameters:
    ///   - url: The store to open.
    ///   - plan: The migration plan; its last schema is the version the store is opened with.
    /// - Returns: The container over the migrated store.
    /// - Throws: `SwiftDataError.invalidMigrationPlan(reason:)` when the plan lists no
    ///   schemas, or the error of opening or migrating the store.
    public static func openMigrated(at url: URL, plan: any SchemaMigrationPlan.Type) throws -> ModelContainer {
        guard let latest = plan.schemas.last else {
            throw SwiftDataError.invalidMigrationPlan(reason: "\(plan) lists no schemas")
        }
        return try ModelContainer(
            for: Schema(versionedSchema: latest), migrationPlan: plan, configurations: [ModelConfiguration(url: url)])
    }

    /// For every version of a plan but the latest: writes a store at that version with
    /// `seed`, opens it with the plan, and hands the migrated container to `verify`.
    /// Each store lives in its own file under `folder`.
    ///
    /// - Parameters:
    ///   - plan: The migration plan whose versions are checked.
    ///   - folder: A folder for the stores, one file per version (`from-<version>.sqlite`).
    ///   - seed: Inserts the rows of the version it is given into the context it is given.
    ///   - verify: Checks the container migrated from the version it is given.
    /// - Throws: The first error of writing, migrating, `seed` or `verify`.
    public static func checkEveryVersionMigrates(
        plan: any SchemaMigrationPlan.Type,
        in folder: URL,
        seed: (any VersionedSchema.Type, ModelContext) throws -> Void,
        verify: (any VersionedSchema.Type, ModelContainer) throws -> Void
    ) throws {
        for version in plan.schemas.dropLast() {
            let url = folder.appending(path: "from-\(version.versionIdentifier).sqlite")
            try writeStore(at: url, version: version) { context in try seed(version, context) }
            let container = try openMigrated(at: url, plan: plan)
            try verify(version, container)
        }
    }

    /// Every model of a type in a container, read with a new context.
    ///
    /// - Parameters:
    ///   - type: The model type to fetch.
    ///   - container: The container to read.
    ///   - sortBy: The order of the result; the store's order when empty.
    /// - Returns: Every saved model of the type.
    /// - Throws: The fetch's error.
    public static func fetchAll<T: PersistentModel>(
        _ type: T.Type, in container: ModelContainer, sortBy: [SortDescriptor<T>] = []
    ) throws -> [T] {
        try ModelContext(container).fetch(FetchDescriptor<T>(sortBy: sortBy))
    }
}

/// A plan of one version, used to stamp a store with that version.
private enum SingleVersionPlan {
    static func plan(for version: any VersionedSchema.Type) -> any SchemaMigrationPlan.Type {
        func make<V: VersionedSchema>(_: V.Type) -> any SchemaMigrationPlan.Type { Plan<V>.self }
        return make(version)
    }

    enum Plan<V: VersionedSchema>: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [V.self] }
        static var stages: [MigrationStage] { [] }
    }
}
