import Foundation
import OpenSwiftData

/// A cached page of discovered movies, keyed by filter and page number; its previews
/// are deleted with it.
@Model
final class DiscoverMoviePageEntity {
    #Unique<DiscoverMoviePageEntity>([\.filterKey, \.page])

    var filterKey: String
    var page: Int
    var totalPages: Int
    var totalResults: Int
    var cachedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \DiscoverMoviePreviewEntity.page)
    var previews: [DiscoverMoviePreviewEntity] = []

    init(filterKey: String, page: Int, totalPages: Int, totalResults: Int, cachedAt: Date) {
        self.filterKey = filterKey
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.cachedAt = cachedAt
    }
}
