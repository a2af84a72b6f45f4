import Foundation
import Logging
import OpenSwiftData

/// Creates the model containers of every context with one policy for failures.
///
/// - Cache stores (``makeLocalModelContainer(schema:url:logger:)``) hold data that can be
///   fetched again: a store that cannot be opened is deleted and created anew.
/// - User-data stores (``makeCloudKitModelContainer(schema:url:cloudKitDatabase:migrationPlan:logger:)``)
///   hold the user's own rows: they are opened through their migration plan and never
///   deleted.
///
/// Each method traps on an unrecoverable failure, as in the PRD; each has a throwing
/// sibling (``makeLocalModelContainerOrThrow(schema:url:logger:)``,
/// ``makeCloudKitModelContainerOrThrow(schema:url:cloudKitDatabase:migrationPlan:logger:)``)
/// for callers such as the command-line tool that report the error and exit instead.
///
/// ```swift
/// let container = ModelContainerFactory.makeLocalModelContainer(
///     schema: Schema([MoviesMovieEntity.self]),
///     url: locations.cacheStoreURL(named: StoreFileNames.moviesCache),
///     logger: logger
/// )
/// ```
///
/// The PRD asks for `package` access. Every bounded context is its own SwiftPM package,
/// and a package cannot see another package's `package` symbols, so these members are
/// `public`.
///
/// ## Topics
/// - ``makeLocalModelContainer(schema:url:logger:)``
/// - ``makeLocalModelContainerOrThrow(schema:url:logger:)``
/// - ``makeCloudKitModelContainer(schema:url:cloudKitDatabase:migrationPlan:logger:)``
/// - ``makeCloudKitModelContainerOrThrow(schema:url:cloudKitDatabase:migrationPlan:logger:)``
/// - ``removeSQLiteFiles(at:)``
public enum ModelContainerFactory {
    /// Opens (or creates) a cache store with no CloudKit; on failure deletes its files and
    /// creates it again.
    ///
    /// A failed first attempt is logged as a warning naming the file and the error; the
    /// `.sqlite`, `.sqlite-wal` and `.sqlite-shm` files are removed and the container is
    /// created once more. A second failure stops the process with `fatalError`; use
    /// ``makeLocalModelContainerOrThrow(schema:url:logger:)`` to handle it instead.
    ///
    /// - Parameters:
    ///   - schema: The models the store holds.
    ///   - url: The store's `.sqlite` file.
    ///   - logger: Receives the warning when the store is recreated.
    public static func makeLocalModelContainer(schema: Schema, url: URL, logger: Logger) -> ModelContainer {
        do {
            return try makeLocalModelContainerOrThrow(schema: schema, url: url, logger: logger)
        } catch {
            fatalError("ModelContainerFactory: \(error.description)")
        }
    }

    /// Opens (or creates) a user-data store through its migration plan; on failure stops
    /// the process and deletes nothing.
    ///
    /// There is no CloudKit on Linux: the store is local, and the first call in a process
    /// logs that sync is unavailable. Use
    /// ``makeCloudKitModelContainerOrThrow(schema:url:cloudKitDatabase:migrationPlan:logger:)``
    /// to report a failure instead of trapping.
    ///
    /// - Parameters:
    ///   - schema: The models the store holds (the latest version of the plan).
    ///   - url: The store's `.sqlite` file.
    ///   - cloudKitDatabase: The CloudKit database the models are checked against, such as
    ///     `.private("iCloud.uk.co.adam-young.Popcorn")`.
    ///   - migrationPlan: The versions of the schema and the stages between them.
    ///   - logger: Receives the sync notice and the failure.
    public static func makeCloudKitModelContainer(
        schema: Schema,
        url: URL,
        cloudKitDatabase: CloudKitDatabase,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        logger: Logger
    ) -> ModelContainer {
        do {
            return try makeCloudKitModelContainerOrThrow(
                schema: schema, url: url, cloudKitDatabase: cloudKitDatabase, migrationPlan: migrationPlan,
                logger: logger)
        } catch {
            fatalError("ModelContainerFactory: \(error.description)")
        }
    }
}
