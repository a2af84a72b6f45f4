import Foundation
import Logging
import OpenSwiftData

extension ModelContainerFactory {
    /// Opens (or creates) a cache store like ``makeLocalModelContainer(schema:url:logger:)``,
    /// but throws where that method traps.
    ///
    /// The first failure is logged as a warning, the store's three files are removed and
    /// the container is created once more; only the second failure is thrown.
    ///
    /// - Throws: ``ModelContainerFactoryError/cacheStoreUnrecoverable(url:firstError:retryError:)``
    ///   when the store cannot be created even from nothing (for example an unwritable
    ///   folder).
    public static func makeLocalModelContainerOrThrow(
        schema: Schema, url: URL, logger: Logger
    ) throws(ModelContainerFactoryError) -> ModelContainer {
        let configuration = ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)
        do {
            return try ModelContainer(for: schema, configurations: [configuration])
        } catch let firstError {
            logger.warning(
                "Cannot open the cache store \(url.path) (\(firstError)); deleting its files and creating it again",
                metadata: ["file": "\(url.path)", "error": "\(firstError)"]
            )
            removeSQLiteFiles(at: url)
            do {
                let container = try ModelContainer(for: schema, configurations: [configuration])
                logger.info("Created the cache store \(url.path) anew", metadata: ["file": "\(url.path)"])
                return container
            } catch let retryError {
                throw .cacheStoreUnrecoverable(url: url, firstError: firstError, retryError: retryError)
            }
        }
    }

    /// Opens (or creates) a user-data store like
    /// ``makeCloudKitModelContainer(schema:url:cloudKitDatabase:migrationPlan:logger:)``,
    /// but throws where that method traps.
    ///
    /// Nothing is ever deleted: when the store cannot be opened its files are left as
    /// they were, and the error says so, for the caller to tell the user.
    ///
    /// - Throws: ``ModelContainerFactoryError/userStoreUnavailable(url:underlying:)`` with
    ///   the reason the store could not be opened or migrated.
    public static func makeCloudKitModelContainerOrThrow(
        schema: Schema,
        url: URL,
        cloudKitDatabase: CloudKitDatabase,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        logger: Logger
    ) throws(ModelContainerFactoryError) -> ModelContainer {
        CloudKitSyncNotice.shared.logIfFirst(for: cloudKitDatabase, logger: logger)
        let configuration = ModelConfiguration(schema: schema, url: url, cloudKitDatabase: cloudKitDatabase)
        do {
            return try ModelContainer(for: schema, migrationPlan: migrationPlan, configurations: [configuration])
        } catch {
            let failure = ModelContainerFactoryError.userStoreUnavailable(url: url, underlying: error)
            logger.error("\(failure.description)", metadata: ["file": "\(url.path)", "error": "\(error)"])
            throw failure
        }
    }
}
