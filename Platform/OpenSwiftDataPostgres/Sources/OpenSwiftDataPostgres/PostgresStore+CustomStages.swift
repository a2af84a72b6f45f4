import Foundation
import Logging
import OpenSwiftData
import PostgresNIO

/// The connection of a migration in progress, which the contexts of a plan's custom stage
/// (`willMigrate`, `didMigrate`) save through: their store (a ``PostgresStore`` opened with a
/// configuration that carries this session) runs every statement on it, inside the
/// migration's transaction, each save in a savepoint of its own. So a stage's saves see the
/// tables as the migration has left them so far, and are kept or rolled back with it.
final class PostgresMigrationSession: Sendable {
    let connection: PostgresConnection

    init(connection: PostgresConnection) {
        self.connection = connection
    }
}

extension PostgresStore {
    /// Runs a custom stage's code with a context over `schema`, the version the tables are at,
    /// on the migration's connection, and saves what it left unsaved, as SQLite's stages do.
    ///
    /// - Throws: `SwiftDataError.migrationStageFailed` naming the stage, with what the code or
    ///   its saves threw.
    static func runStageCode(
        _ code: @Sendable (ModelContext) throws -> Void, stage: String, schema: Schema, namespace: String, url: URL,
        session: PostgresMigrationSession
    ) throws {
        do {
            var configuration = PostgresStoreConfiguration(name: namespace, url: url)
            configuration.migrationSession = session
            let context = ModelContext(try ModelContainer(for: schema, configurations: configuration))
            try code(context)
            if context.hasChanges { try context.save() }
        } catch let error as SwiftDataError {
            throw SwiftDataError.migrationStageFailed(stage: stage, reason: error.description)
        } catch {
            throw SwiftDataError.migrationStageFailed(stage: stage, reason: "\(error)")
        }
    }
}
