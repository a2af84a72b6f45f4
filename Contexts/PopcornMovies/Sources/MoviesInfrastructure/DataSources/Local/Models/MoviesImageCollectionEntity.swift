import Foundation
import MoviesDomain
import OpenSwiftData

/// The cached images of a movie; each list is stored as JSON.
@Model
final class MoviesImageCollectionEntity {
    @Attribute(.unique) var movieID: Int
    var posters: [ImageMetadata] = []
    var backdrops: [ImageMetadata] = []
    var logos: [ImageMetadata] = []
    var cachedAt: Date

    init(movieID: Int, cachedAt: Date) {
        self.movieID = movieID
        self.cachedAt = cachedAt
    }
}
