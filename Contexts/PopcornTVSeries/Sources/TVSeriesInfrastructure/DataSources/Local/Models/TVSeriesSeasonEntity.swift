import Foundation
import OpenSwiftData

/// A cached season with its episodes, keyed by series and season number; its episodes
/// are deleted with it.
@Model
final class TVSeriesSeasonEntity {
    #Unique<TVSeriesSeasonEntity>([\.tvSeriesID, \.seasonNumber])

    var tvSeriesID: Int
    var seasonNumber: Int
    var seasonID: Int
    var name: String
    var overview: String?
    var airDate: Date?
    var posterPath: String?
    var cachedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \TVSeriesSeasonEpisodeEntity.season)
    var episodes: [TVSeriesSeasonEpisodeEntity] = []

    init(tvSeriesID: Int, seasonNumber: Int, seasonID: Int, name: String, cachedAt: Date) {
        self.tvSeriesID = tvSeriesID
        self.seasonNumber = seasonNumber
        self.seasonID = seasonID
        self.name = name
        self.cachedAt = cachedAt
    }
}
