import Foundation
import OpenSwiftData

/// A season as a cached series lists it, without episodes.
///
/// Separate from ``TVSeriesSeasonEntity`` so that refreshing a series does not delete
/// the seasons cached with their episodes.
@Model
final class TVSeriesSeasonSummaryEntity {
    var seasonID: Int
    var seasonNumber: Int
    var name: String
    var overview: String?
    var airDate: Date?
    var episodeCount: Int = 0
    var posterPath: String?
    var tvSeries: TVSeriesTVSeriesEntity?

    init(seasonID: Int, seasonNumber: Int, name: String) {
        self.seasonID = seasonID
        self.seasonNumber = seasonNumber
        self.name = name
    }
}
