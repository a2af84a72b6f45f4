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
    public init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [ModelConfiguration]
    ) throws {
        if let invalidity = schema.invalidity { throw invalidity }
        let configuration = configurations.first ?? ModelConfiguration()
        if configurations.count > 1 {
            throw SwiftDataError.unsupportedConfiguration(
                reason: "a container serves one store; create one container per configuration")
        }
        self.schema = schema
        self.configurations = [configuration]
        self.migrationPlan = migrationPlan
        self.store = try Store.open(configuration: configuration, schema: schema)
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

    /// The context bound to the main actor; it saves automatically.
    @MainActor public var mainContext: ModelContext {
        mainContextStorage.context(for: self)
    }

    /// The store's file, or nil for an in-memory store.
    public var url: URL? { store.url }

    /// Deletes every model of every entity in the schema. Failures are reported by
    /// ``eraseAllData()``; this form ignores them, as SwiftData's does.
    public func deleteAllData() {
        try? eraseAllData()
    }

    /// Deletes every model of every entity in the schema, in one transaction.
    public func eraseAllData() throws {
        guard store.allowsSave else { throw SwiftDataError.saveNotAllowed }
        let tables = schema.layout.entities.map(\.quotedTable) + schema.layout.joinTables.map(\.quotedName)
        let result = SQLiteErrors.map(path: store.identifier) {
            try store.writer.write { db in
                for table in tables { try db.execute(sql: "DELETE FROM \(table)") }
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
