import Foundation
import OpenSwiftData

/// A cached page of a movie list (popular, similar, recommendations), keyed by list
/// and page number; its previews are deleted with it.
@Model
final class MoviesPreviewPageEntity {
    #Unique<MoviesPreviewPageEntity>([\.listKey, \.page])

    var listKey: String
    var page: Int
    var totalPages: Int
    var totalResults: Int
    var cachedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \MoviesMoviePreviewEntity.page)
    var previews: [MoviesMoviePreviewEntity] = []

    init(listKey: String, page: Int, totalPages: Int, totalResults: Int, cachedAt: Date) {
        self.listKey = listKey
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.cachedAt = cachedAt
    }
}
