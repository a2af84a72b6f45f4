import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import OpenSwiftData

/// The discovered movie pages cache in `popcorn-discover.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataDiscoverMovieLocalDataSource: DiscoverMovieLocalDataSource {
    func page(_ page: Int, filterKey: String) throws -> CachedValue<DiscoverPage<MoviePreview>>? {
        try modelContext.fetchFirst(Self.descriptor(page, filterKey)).map {
            CachedValue(value: DiscoverMoviePageMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ page: DiscoverPage<MoviePreview>, filterKey: String, cachedAt: Date) throws {
        try modelContext.replace(
            Self.descriptor(page.page, filterKey),
            with: DiscoverMoviePageMapper().map(page, filterKey: filterKey, cachedAt: cachedAt))
    }

    private static func descriptor(_ page: Int, _ filterKey: String) -> FetchDescriptor<DiscoverMoviePageEntity> {
        FetchDescriptor(predicate: #Predicate { $0.filterKey == filterKey && $0.page == page })
    }
}
