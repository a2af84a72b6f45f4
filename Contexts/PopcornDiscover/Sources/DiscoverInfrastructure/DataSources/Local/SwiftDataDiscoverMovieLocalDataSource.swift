import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import OpenSwiftData

/// The discovered movie pages in `popcorn-discover.sqlite`, on the store's actor.
struct SwiftDataDiscoverMovieLocalDataSource: Sendable {
    let store: StoreActor

    func page(_ page: Int, filterKey: String) async throws -> CachedValue<DiscoverPage<MoviePreview>>? {
        try await store.cachedValue(Self.entry(page, filterKey)) { DiscoverMoviePageMapper().map($0) }
    }

    func save(_ page: DiscoverPage<MoviePreview>, filterKey: String, cachedAt: Date) async throws {
        try await store.replace(Self.entry(page.page, filterKey)) {
            DiscoverMoviePageMapper().map(page, filterKey: filterKey, cachedAt: cachedAt)
        }
    }

    private static func entry(_ page: Int, _ filterKey: String) -> FetchDescriptor<DiscoverMoviePageEntity> {
        FetchDescriptor(predicate: #Predicate { $0.filterKey == filterKey && $0.page == page })
    }
}
