import Foundation
import TVSeriesDomain

/// `tv show ID`: a series, its seasons and its credits.
package struct TVSeriesDetailsJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let name: String
    @Nullable package var originalName: String?
    @Nullable package var originalLanguage: String?
    @Nullable package var firstAirDate: CalendarDay?
    @Nullable package var lastAirDate: CalendarDay?
    @Nullable package var status: String?
    @Nullable package var overview: String?
    package let genres: [GenreJSON]
    package let rating: Double
    package let voteCount: Int
    package let numberOfSeasons: Int
    package let numberOfEpisodes: Int
    package let seasons: [TVSeasonSummaryJSON]
    package let credits: CreditsJSON
}

/// A season as `tv show` lists it.
package struct TVSeasonSummaryJSON: Codable, Equatable, Sendable {
    /// 0 for specials.
    package let seasonNumber: Int
    package let name: String
    @Nullable package var airDate: CalendarDay?
    package let episodeCount: Int
}

/// `tv season ID NUMBER`: one season and its episodes.
package struct TVSeasonJSON: Codable, Equatable, Sendable {
    package let tvSeriesID: Int
    package let seasonNumber: Int
    package let name: String
    @Nullable package var overview: String?
    @Nullable package var airDate: CalendarDay?
    package let episodes: [TVEpisodeJSON]
}

package struct TVEpisodeJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let episodeNumber: Int
    package let name: String
    @Nullable package var overview: String?
    @Nullable package var airDate: CalendarDay?
    /// In minutes.
    @Nullable package var runtime: Int?
    package let rating: Double
}

extension TVSeriesDetailsJSON {
    init(_ series: TVSeries, credits: Credits) {
        self.init(
            id: series.id, name: series.name, originalName: series.originalName,
            originalLanguage: series.originalLanguage, firstAirDate: CalendarDay.of(series.firstAirDate),
            lastAirDate: CalendarDay.of(series.lastAirDate), status: series.status, overview: series.overview,
            genres: series.genres.map { GenreJSON(id: $0.id, name: $0.name) }, rating: series.voteAverage,
            voteCount: series.voteCount, numberOfSeasons: series.numberOfSeasons,
            numberOfEpisodes: series.numberOfEpisodes,
            seasons: series.seasons.map {
                TVSeasonSummaryJSON(
                    seasonNumber: $0.seasonNumber, name: $0.name, airDate: CalendarDay.of($0.airDate),
                    episodeCount: $0.episodeCount)
            },
            credits: CreditsJSON(
                cast: credits.billedCast.map {
                    CastMemberJSON(id: $0.id, name: $0.name, character: $0.character, order: $0.order)
                },
                crew: credits.crew.map {
                    CrewMemberJSON(id: $0.id, name: $0.name, job: $0.job, department: $0.department)
                }))
    }
}

extension TVSeasonJSON {
    init(_ season: TVSeason) {
        self.init(
            tvSeriesID: season.tvSeriesID, seasonNumber: season.seasonNumber, name: season.name,
            overview: season.overview, airDate: CalendarDay.of(season.airDate),
            episodes: season.episodes.map {
                TVEpisodeJSON(
                    id: $0.id, episodeNumber: $0.episodeNumber, name: $0.name, overview: $0.overview,
                    airDate: CalendarDay.of($0.airDate), runtime: $0.runtime, rating: $0.voteAverage)
            })
    }
}
