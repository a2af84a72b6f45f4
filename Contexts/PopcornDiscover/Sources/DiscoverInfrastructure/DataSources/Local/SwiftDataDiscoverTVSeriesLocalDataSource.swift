import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import OpenSwiftData

/// The discovered TV series pages cache in `popcorn-discover.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataDiscoverTVSeriesLocalDataSource: DiscoverTVSeriesLocalDataSource {
    func page(_ page: Int, filterKey: String) throws -> CachedValue<DiscoverPage<TVSeriesPreview>>? {
        try modelContext.fetchFirst(Self.descriptor(page, filterKey)).map {
            CachedValue(value: DiscoverTVSeriesPageMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ page: DiscoverPage<TVSeriesPreview>, filterKey: String, cachedAt: Date) throws {
        try modelContext.replace(
            Self.descriptor(page.page, filterKey),
            with: DiscoverTVSeriesPageMapper().map(page, filterKey: filterKey, cachedAt: cachedAt))
    }

    private static func descriptor(_ page: Int, _ filterKey: String) -> FetchDescriptor<DiscoverTVSeriesPageEntity> {
        FetchDescriptor(predicate: #Predicate { $0.filterKey == filterKey && $0.page == page })
    }
}
