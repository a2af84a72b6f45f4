import DataPersistenceInfrastructure

/// The search history store, once the Search context is composed in.
enum SearchStore {
    static func descriptions(in locations: StoreLocations) -> [StoreDescription] { [] }
}
