import Foundation
import OpenSwiftData

/// A movie as a cached list shows it.
@Model
final class MoviesMoviePreviewEntity {
    var movieID: Int
    var title: String
    var overview: String?
    var releaseDate: Date?
    var posterPath: String?
    var backdropPath: String?
    var voteAverage: Double = 0
    var page: MoviesPreviewPageEntity?

    init(movieID: Int, title: String) {
        self.movieID = movieID
        self.title = title
    }
}
