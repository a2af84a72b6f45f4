import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import OpenSwiftData

/// The discovered TV series pages in `popcorn-discover.sqlite`, on the store's actor.
struct SwiftDataDiscoverTVSeriesLocalDataSource: Sendable {
    let store: StoreActor

    func page(_ page: Int, filterKey: String) async throws -> CachedValue<DiscoverPage<TVSeriesPreview>>? {
        try await store.cachedValue(Self.entry(page, filterKey)) { DiscoverTVSeriesPageMapper().map($0) }
    }

    func save(_ page: DiscoverPage<TVSeriesPreview>, filterKey: String, cachedAt: Date) async throws {
        try await store.replace(Self.entry(page.page, filterKey)) {
            DiscoverTVSeriesPageMapper().map(page, filterKey: filterKey, cachedAt: cachedAt)
        }
    }

    private static func entry(_ page: Int, _ filterKey: String) -> FetchDescriptor<DiscoverTVSeriesPageEntity> {
        FetchDescriptor(predicate: #Predicate { $0.filterKey == filterKey && $0.page == page })
    }
}
