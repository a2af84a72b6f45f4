import Foundation
import Logging
import OpenSwiftData

/// Creates the model containers of every context with one policy for failures.
///
/// - Cache stores (``makeLocalModelContainer(schema:url:logger:)``) hold data that can be
///   fetched again: a store that cannot be opened is deleted and created anew.
/// - User-data stores
///   (``makeCloudKitModelContainer(schema:url:cloudKitDatabase:migrationPlan:logger:)``)
///   hold the user's own rows: they are opened through their migration plan and never
///   deleted.
///
/// These are the PRD's calls: a failure that remains stops the program with `fatalError`,
/// so they need no `try`.
///
/// ```swift
/// let storeURL = locations.cacheDirectory.appending(path: "popcorn-movies.sqlite")
///
/// return ModelContainerFactory.makeLocalModelContainer(
///     schema: schema,
///     url: storeURL,
///     logger: logger
/// )
/// ```
///
/// Each has a sibling with an `onFailure:` parameter: `.trap` is the plain call's
/// behaviour, `.throwing` throws ``ModelContainerFactoryError`` for callers such as the
/// command-line tool that report it and exit.
///
/// A context declares its stores as ``StoreDescription``s and opens them through
/// ``ContextStores``, which calls `makeModelContainer(for:in:logger:onFailure:)`: it picks
/// the method by the store's kind.
///
/// The PRD asks for `package` access to these calls, so that each context's factory makes
/// its containers. Here the contexts open their stores through ``ContextStores`` instead, so
/// the factory methods are internal; only ``removeSQLiteFiles(at:)`` is `public`, which the
/// contexts' tests call to remove a cache's files.
///
/// ## Topics
/// - ``removeSQLiteFiles(at:)``
public enum ModelContainerFactory {
    /// Opens (or creates) a declared store: a legacy file relocated first, then as a cache
    /// or as user data, as its kind says.
    ///
    /// A legacy store that cannot be relocated now (another process holds it) fails a
    /// `.throwing` opening; a `.trap` opening logs it and opens the store, and a later
    /// launch relocates it.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    ///   - logger: Receives the relocation, recreation and sync notices, and the failures.
    ///   - onFailure: What a failure does: `.trap` stops the program, `.throwing` throws.
    /// - Throws: With `.throwing`, the ``ModelContainerFactoryError`` of a store that cannot be
    ///   opened; with `.trap`, nothing (the program stops instead).
    static func makeModelContainer<Failure: Error>(
        for store: StoreDescription, in locations: StoreLocations, logger: Logger,
        onFailure: StoreFailureHandling<Failure>
    ) throws(Failure) -> ModelContainer {
        let url = store.url(in: locations)
        switch store.kind {
        case .cache:
            return try makeLocalModelContainer(schema: store.schema, url: url, logger: logger, onFailure: onFailure)
        case .userData:
            if let legacyURL = store.legacyURL(in: locations) {
                do throws(LegacyStoreRelocationError) {
                    let outcome = try LegacyStoreRelocator.relocate(from: legacyURL, to: url, logger: logger)
                    if outcome != .nothingToRelocate { logger.info("Relocated \(legacyURL.path): \(outcome)") }
                } catch {
                    if onFailure.failsOnRelocation { throw onFailure.handle(.legacyStoreRelocationFailed(error)) }
                    logger.error(
                        "\(error.description); the legacy store will be relocated on a later launch",
                        metadata: ["file": "\(legacyURL.path)"])
                }
            }
            return try makeCloudKitModelContainer(
                schema: store.schema, url: url, cloudKitDatabase: store.cloudKitDatabase,
                migrationPlan: store.migrationPlan, logger: logger, onFailure: onFailure)
        }
    }

    /// Opens (or creates) a cache store with no CloudKit; on failure deletes its files and
    /// creates it again. The PRD's call.
    ///
    /// A failed first attempt is logged as a warning naming the file and the error; the
    /// `.sqlite`, `.sqlite-wal` and `.sqlite-shm` files are removed and the container is
    /// created once more. When that fails too (for example an unwritable folder), the
    /// program stops with `fatalError` and a message naming the file, both errors and the
    /// folder to check.
    ///
    /// - Parameters:
    ///   - schema: The models the store holds.
    ///   - url: The store's `.sqlite` file.
    ///   - logger: Receives the warning when the store is recreated.
    static func makeLocalModelContainer(schema: Schema, url: URL, logger: Logger) -> ModelContainer {
        makeLocalModelContainer(schema: schema, url: url, logger: logger, onFailure: .trap)
    }

    /// Opens (or creates) a cache store with no CloudKit; on failure deletes its files and
    /// creates it again; a failure that remains is handled as `onFailure` says.
    ///
    /// A failed first attempt is logged as a warning naming the file and the error; the
    /// `.sqlite`, `.sqlite-wal` and `.sqlite-shm` files are removed and the container is
    /// created once more. A second failure is
    /// ``ModelContainerFactoryError/cacheStoreUnrecoverable(url:firstError:retryError:)``
    /// (for example an unwritable folder), handled as `onFailure` says.
    ///
    /// - Parameters:
    ///   - schema: The models the store holds.
    ///   - url: The store's `.sqlite` file.
    ///   - logger: Receives the warning when the store is recreated.
    ///   - onFailure: `.trap` or `.throwing`.
    /// - Throws: With `.throwing`,
    ///   ``ModelContainerFactoryError/cacheStoreUnrecoverable(url:firstError:retryError:)``;
    ///   with `.trap`, nothing (the program stops instead).
    static func makeLocalModelContainer<Failure: Error>(
        schema: Schema, url: URL, logger: Logger, onFailure: StoreFailureHandling<Failure>
    ) throws(Failure) -> ModelContainer {
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
                throw onFailure.handle(
                    .cacheStoreUnrecoverable(url: url, firstError: firstError, retryError: retryError))
            }
        }
    }

    /// Opens (or creates) a user-data store through its migration plan; nothing is ever
    /// deleted. The PRD's call.
    ///
    /// There is no CloudKit on Linux: the store is local (StoreSync syncs it through a
    /// PostgreSQL server instead), and the first call in a process logs that CloudKit sync is
    /// unavailable. When the store cannot be opened or migrated its
    /// files are left as they were, the failure is logged as an error, and the program
    /// stops with `fatalError` and a message naming the file and saying it was left
    /// untouched.
    ///
    /// - Parameters:
    ///   - schema: The models the store holds (the latest version of the plan).
    ///   - url: The store's `.sqlite` file.
    ///   - cloudKitDatabase: The CloudKit database the models are checked against, such as
    ///     ``StoreDescription/iCloudContainer``.
    ///   - migrationPlan: The versions of the schema and the stages between them.
    ///   - logger: Receives the sync notice and the failure.
    static func makeCloudKitModelContainer(
        schema: Schema,
        url: URL,
        cloudKitDatabase: CloudKitDatabase,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        logger: Logger
    ) -> ModelContainer {
        makeCloudKitModelContainer(
            schema: schema, url: url, cloudKitDatabase: cloudKitDatabase, migrationPlan: migrationPlan,
            logger: logger, onFailure: .trap)
    }

    /// Opens (or creates) a user-data store through its migration plan; nothing is ever
    /// deleted; a failure is handled as `onFailure` says.
    ///
    /// There is no CloudKit on Linux: the store is local (StoreSync syncs it through a
    /// PostgreSQL server instead), and the first call in a process logs that CloudKit sync is
    /// unavailable. When the store cannot be opened or migrated its
    /// files are left as they were, the failure is logged as an error, and
    /// ``ModelContainerFactoryError/userStoreUnavailable(url:underlying:)`` is handled as
    /// `onFailure` says.
    ///
    /// - Parameters:
    ///   - schema: The models the store holds (the latest version of the plan).
    ///   - url: The store's `.sqlite` file.
    ///   - cloudKitDatabase: The CloudKit database the models are checked against, such as
    ///     ``StoreDescription/iCloudContainer``.
    ///   - migrationPlan: The versions of the schema and the stages between them.
    ///   - logger: Receives the sync notice and the failure.
    ///   - onFailure: `.trap` or `.throwing`.
    /// - Throws: With `.throwing`,
    ///   ``ModelContainerFactoryError/userStoreUnavailable(url:underlying:)``; with `.trap`,
    ///   nothing (the program stops instead).
    static func makeCloudKitModelContainer<Failure: Error>(
        schema: Schema,
        url: URL,
        cloudKitDatabase: CloudKitDatabase,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        logger: Logger,
        onFailure: StoreFailureHandling<Failure>
    ) throws(Failure) -> ModelContainer {
        CloudKitSyncNotice.shared.logIfFirst(for: cloudKitDatabase, logger: logger)
        let configuration = ModelConfiguration(schema: schema, url: url, cloudKitDatabase: cloudKitDatabase)
        do {
            return try ModelContainer(for: schema, migrationPlan: migrationPlan, configurations: [configuration])
        } catch {
            let failure = ModelContainerFactoryError.userStoreUnavailable(url: url, underlying: error)
            logger.error("\(failure.description)", metadata: ["file": "\(url.path)", "error": "\(error)"])
            throw onFailure.handle(failure)
        }
    }

    /// Removes a store's `.sqlite`, `.sqlite-wal` and `.sqlite-shm` files
    /// (OpenSwiftData's `StoreFile.removeFiles()`).
    ///
    /// Files that do not exist are skipped, and a file that cannot be removed is left
    /// where it is: this never throws. Removing the journal files with the store keeps
    /// a stale `-wal` from being applied to a new store of the same name.
    ///
    /// - Parameter url: The store's `.sqlite` file.
    public static func removeSQLiteFiles(at url: URL) {
        StoreFile(url: url).removeFiles()
    }
}
