import Foundation
import OpenSwiftData

/// A movie on a cached discover page; `position` keeps the page's order.
@Model
final class DiscoverMoviePreviewEntity {
    var movieID: Int
    var title: String
    var overview: String?
    var releaseDate: Date?
    var posterPath: String?
    var backdropPath: String?
    var voteAverage: Double = 0
    var genreIDs: [Int] = []
    var originalLanguage: String?
    var position: Int
    var page: DiscoverMoviePageEntity?

    init(movieID: Int, title: String, position: Int) {
        self.movieID = movieID
        self.title = title
        self.position = position
    }
}
