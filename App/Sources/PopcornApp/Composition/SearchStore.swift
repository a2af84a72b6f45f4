import DataPersistenceInfrastructure
import SearchInfrastructure

/// The search history store, as the Search context describes it.
enum SearchStore {
    static func descriptions(in locations: StoreLocations) -> [StoreDescription] {
        [
            StoreDescription(
                fileName: StoreFileNames.searchHistory, name: "history", kind: .userData,
                cloudKit: StoreCatalog.cloudKitContainer,
                url: locations.userDataStoreURL(named: StoreFileNames.searchHistory),
                schema: SearchInfrastructureFactory.historySchema,
                migrationPlan: SearchInfrastructureFactory.historyMigrationPlan)
        ]
    }
}
