import DiscoverDomain
import Foundation

/// Maps a page of discovered movies between the cache and the domain, keeping its order.
struct DiscoverMoviePageMapper {
    func map(_ entity: DiscoverMoviePageEntity) -> DiscoverPage<MoviePreview> {
        DiscoverPage(
            page: entity.page, totalPages: entity.totalPages, totalResults: entity.totalResults,
            items: entity.previews.sorted { $0.position < $1.position }.map(MoviePreviewMapper().map))
    }

    /// A new entity for the page, stored under `filterKey` and stamped `cachedAt`.
    func map(_ page: DiscoverPage<MoviePreview>, filterKey: String, cachedAt: Date) -> DiscoverMoviePageEntity {
        let entity = DiscoverMoviePageEntity(
            filterKey: filterKey, page: page.page, totalPages: page.totalPages, totalResults: page.totalResults,
            cachedAt: cachedAt)
        entity.previews = page.items.enumerated().map { MoviePreviewMapper().map($0.element, position: $0.offset) }
        return entity
    }
}
