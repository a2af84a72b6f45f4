import Foundation
import OpenSwiftData

/// An episode as a cached season lists it.
@Model
final class TVSeriesSeasonEpisodeEntity {
    var episodeID: Int
    var seasonNumber: Int
    var episodeNumber: Int
    var name: String
    var overview: String?
    var airDate: Date?
    var runtime: Int?
    var stillPath: String?
    var voteAverage: Double = 0
    var season: TVSeriesSeasonEntity?

    init(episodeID: Int, seasonNumber: Int, episodeNumber: Int, name: String) {
        self.episodeID = episodeID
        self.seasonNumber = seasonNumber
        self.episodeNumber = episodeNumber
        self.name = name
    }
}
