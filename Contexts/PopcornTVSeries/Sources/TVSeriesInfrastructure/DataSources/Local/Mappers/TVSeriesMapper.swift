import Foundation
import TVSeriesDomain

/// Maps a series, with its genres and season summaries, between the cache and the domain.
struct TVSeriesMapper {
    func map(_ entity: TVSeriesTVSeriesEntity) -> TVSeries {
        TVSeries(
            id: entity.tvSeriesID,
            name: entity.name,
            originalName: entity.originalName,
            originalLanguage: entity.originalLanguage,
            overview: entity.overview,
            firstAirDate: entity.firstAirDate,
            lastAirDate: entity.lastAirDate,
            status: entity.status,
            genres: entity.genres.sorted { $0.position < $1.position }.map(GenreMapper().map),
            seasons: entity.seasons.sorted { $0.seasonNumber < $1.seasonNumber }.map(TVSeasonSummaryMapper().map),
            numberOfSeasons: entity.numberOfSeasons,
            numberOfEpisodes: entity.numberOfEpisodes,
            posterPath: entity.posterPath,
            backdropPath: entity.backdropPath,
            voteAverage: entity.voteAverage,
            voteCount: entity.voteCount
        )
    }

    /// A new entity for the series, stamped `cachedAt`.
    func map(_ series: TVSeries, cachedAt: Date) -> TVSeriesTVSeriesEntity {
        let entity = TVSeriesTVSeriesEntity(tvSeriesID: series.id, name: series.name, cachedAt: cachedAt)
        entity.originalName = series.originalName
        entity.originalLanguage = series.originalLanguage
        entity.overview = series.overview
        entity.firstAirDate = series.firstAirDate
        entity.lastAirDate = series.lastAirDate
        entity.status = series.status
        entity.numberOfSeasons = series.numberOfSeasons
        entity.numberOfEpisodes = series.numberOfEpisodes
        entity.posterPath = series.posterPath
        entity.backdropPath = series.backdropPath
        entity.voteAverage = series.voteAverage
        entity.voteCount = series.voteCount
        entity.genres = series.genres.enumerated().map { GenreMapper().map($0.element, position: $0.offset) }
        entity.seasons = series.seasons.map(TVSeasonSummaryMapper().map)
        return entity
    }
}
