import Foundation
import TVSeriesDomain

/// `tv show ID`: a series, its seasons and its credits.
public struct TVSeriesDetailsJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
    @Nullable public var originalName: String?
    @Nullable public var originalLanguage: String?
    @Nullable public var firstAirDate: CalendarDay?
    @Nullable public var lastAirDate: CalendarDay?
    @Nullable public var status: String?
    @Nullable public var overview: String?
    public let genres: [GenreJSON]
    public let rating: Double
    public let voteCount: Int
    public let numberOfSeasons: Int
    public let numberOfEpisodes: Int
    public let seasons: [TVSeasonSummaryJSON]
    public let credits: CreditsJSON
}

/// A season as `tv show` lists it.
public struct TVSeasonSummaryJSON: Codable, Equatable, Sendable {
    /// 0 for specials.
    public let seasonNumber: Int
    public let name: String
    @Nullable public var airDate: CalendarDay?
    public let episodeCount: Int
}

/// `tv season ID NUMBER`: one season and its episodes.
public struct TVSeasonJSON: Codable, Equatable, Sendable {
    public let tvSeriesID: Int
    public let seasonNumber: Int
    public let name: String
    @Nullable public var overview: String?
    @Nullable public var airDate: CalendarDay?
    public let episodes: [TVEpisodeJSON]
}

public struct TVEpisodeJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let episodeNumber: Int
    public let name: String
    @Nullable public var overview: String?
    @Nullable public var airDate: CalendarDay?
    /// In minutes.
    @Nullable public var runtime: Int?
    public let rating: Double
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
