import TVSeriesDomain

/// Maps a series' season summaries between the cache and the domain.
struct TVSeasonSummaryMapper {
    func map(_ entity: TVSeriesSeasonSummaryEntity) -> TVSeasonSummary {
        TVSeasonSummary(
            id: entity.seasonID, seasonNumber: entity.seasonNumber, name: entity.name, overview: entity.overview,
            airDate: entity.airDate, episodeCount: entity.episodeCount, posterPath: entity.posterPath)
    }

    func map(_ season: TVSeasonSummary) -> TVSeriesSeasonSummaryEntity {
        let entity = TVSeriesSeasonSummaryEntity(
            seasonID: season.id, seasonNumber: season.seasonNumber, name: season.name)
        entity.overview = season.overview
        entity.airDate = season.airDate
        entity.episodeCount = season.episodeCount
        entity.posterPath = season.posterPath
        return entity
    }
}
