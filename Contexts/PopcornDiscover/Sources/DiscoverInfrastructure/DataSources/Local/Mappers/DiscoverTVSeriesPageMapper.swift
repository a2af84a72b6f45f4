import DiscoverDomain
import Foundation

/// Maps a page of discovered series between the cache and the domain, keeping its order.
struct DiscoverTVSeriesPageMapper {
    func map(_ entity: DiscoverTVSeriesPageEntity) -> DiscoverPage<TVSeriesPreview> {
        DiscoverPage(
            page: entity.page, totalPages: entity.totalPages, totalResults: entity.totalResults,
            items: entity.previews.sorted { $0.position < $1.position }.map(TVSeriesPreviewMapper().map))
    }

    /// A new entity for the page, stored under `filterKey` and stamped `cachedAt`.
    func map(_ page: DiscoverPage<TVSeriesPreview>, filterKey: String, cachedAt: Date) -> DiscoverTVSeriesPageEntity {
        let entity = DiscoverTVSeriesPageEntity(
            filterKey: filterKey, page: page.page, totalPages: page.totalPages, totalResults: page.totalResults,
            cachedAt: cachedAt)
        entity.previews = page.items.enumerated().map { TVSeriesPreviewMapper().map($0.element, position: $0.offset) }
        return entity
    }
}
