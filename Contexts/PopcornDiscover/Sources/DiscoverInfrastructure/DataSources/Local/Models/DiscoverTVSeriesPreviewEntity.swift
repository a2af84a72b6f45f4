import Foundation
import OpenSwiftData

/// A series on a cached discover page; `position` keeps the page's order.
@Model
final class DiscoverTVSeriesPreviewEntity {
    var tvSeriesID: Int
    var name: String
    var overview: String?
    var firstAirDate: Date?
    var posterPath: String?
    var backdropPath: String?
    var voteAverage: Double = 0
    var genreIDs: [Int] = []
    var originalLanguage: String?
    var position: Int
    var page: DiscoverTVSeriesPageEntity?

    init(tvSeriesID: Int, name: String, position: Int) {
        self.tvSeriesID = tvSeriesID
        self.name = name
        self.position = position
    }
}
