import Foundation
import OpenSwiftData

/// A cached TV series; its genres and season summaries are deleted with it.
@Model
final class TVSeriesTVSeriesEntity {
    @Attribute(.unique) var tvSeriesID: Int
    var name: String
    var originalName: String?
    var originalLanguage: String?
    var overview: String?
    var firstAirDate: Date?
    var lastAirDate: Date?
    var status: String?
    var numberOfSeasons: Int = 0
    var numberOfEpisodes: Int = 0
    var posterPath: String?
    var backdropPath: String?
    var voteAverage: Double = 0
    var voteCount: Int = 0
    var cachedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \TVSeriesGenreEntity.tvSeries)
    var genres: [TVSeriesGenreEntity] = []
    @Relationship(deleteRule: .cascade, inverse: \TVSeriesSeasonSummaryEntity.tvSeries)
    var seasons: [TVSeriesSeasonSummaryEntity] = []

    init(tvSeriesID: Int, name: String, cachedAt: Date) {
        self.tvSeriesID = tvSeriesID
        self.name = name
        self.cachedAt = cachedAt
    }
}
