import Foundation
import OpenSwiftData

/// A cached single episode, keyed by series, season number and episode number.
@Model
final class TVSeriesEpisodeEntity {
    #Unique<TVSeriesEpisodeEntity>([\.tvSeriesID, \.seasonNumber, \.episodeNumber])

    var tvSeriesID: Int
    var seasonNumber: Int
    var episodeNumber: Int
    var episodeID: Int
    var name: String
    var overview: String?
    var airDate: Date?
    var runtime: Int?
    var stillPath: String?
    var voteAverage: Double = 0
    var cachedAt: Date

    init(tvSeriesID: Int, seasonNumber: Int, episodeNumber: Int, episodeID: Int, name: String, cachedAt: Date) {
        self.tvSeriesID = tvSeriesID
        self.seasonNumber = seasonNumber
        self.episodeNumber = episodeNumber
        self.episodeID = episodeID
        self.name = name
        self.cachedAt = cachedAt
    }
}
