import Foundation
import OpenSwiftData

extension ModelContainerFactory {
    /// Opens an existing store for reading only, with `allowsSave: false`: nothing is
    /// created, migrated, recreated or relocated, and a save is refused.
    ///
    /// A store that cannot be read this way (missing, written by another version,
    /// damaged) is ``ModelContainerFactoryError/readOnlyStoreUnavailable(url:underlying:)``,
    /// handled as `onFailure` says, and its files are left as they were, a cache's
    /// included.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - locations: The data and cache folders.
    ///   - onFailure: What a failure does: `.trap` stops the program, `.throwing` throws.
    /// - Throws: With `.throwing`,
    ///   ``ModelContainerFactoryError/readOnlyStoreUnavailable(url:underlying:)``; with
    ///   `.trap`, nothing (the program stops instead).
    static func makeReadOnlyModelContainer<Failure: Error>(
        for store: StoreDescription, in locations: StoreLocations, onFailure: StoreFailureHandling<Failure>
    ) throws(Failure) -> ModelContainer {
        let url = store.url(in: locations)
        let configuration = ModelConfiguration(
            schema: store.schema, url: url, allowsSave: false, cloudKitDatabase: store.cloudKitDatabase)
        do {
            return try ModelContainer(
                for: store.schema, migrationPlan: store.migrationPlan, configurations: [configuration])
        } catch {
            throw onFailure.handle(.readOnlyStoreUnavailable(url: url, underlying: error))
        }
    }
}
