import Foundation
import TVSeriesDomain

/// Maps episodes between the cache (a season's episodes and single cached episodes) and
/// the domain.
struct TVEpisodeMapper {
    func map(_ entity: TVSeriesEpisodeEntity) -> TVEpisode {
        TVEpisode(
            id: entity.episodeID, seasonNumber: entity.seasonNumber, episodeNumber: entity.episodeNumber,
            name: entity.name, overview: entity.overview, airDate: entity.airDate, runtime: entity.runtime,
            stillPath: entity.stillPath, voteAverage: entity.voteAverage)
    }

    func map(_ entity: TVSeriesSeasonEpisodeEntity) -> TVEpisode {
        TVEpisode(
            id: entity.episodeID, seasonNumber: entity.seasonNumber, episodeNumber: entity.episodeNumber,
            name: entity.name, overview: entity.overview, airDate: entity.airDate, runtime: entity.runtime,
            stillPath: entity.stillPath, voteAverage: entity.voteAverage)
    }

    /// A new single-episode entity of the series, stamped `cachedAt`.
    func map(_ episode: TVEpisode, tvSeriesID: Int, cachedAt: Date) -> TVSeriesEpisodeEntity {
        let entity = TVSeriesEpisodeEntity(
            tvSeriesID: tvSeriesID, seasonNumber: episode.seasonNumber, episodeNumber: episode.episodeNumber,
            episodeID: episode.id, name: episode.name, cachedAt: cachedAt)
        entity.overview = episode.overview
        entity.airDate = episode.airDate
        entity.runtime = episode.runtime
        entity.stillPath = episode.stillPath
        entity.voteAverage = episode.voteAverage
        return entity
    }

    /// A new episode entity for a cached season.
    func mapForSeason(_ episode: TVEpisode) -> TVSeriesSeasonEpisodeEntity {
        let entity = TVSeriesSeasonEpisodeEntity(
            episodeID: episode.id, seasonNumber: episode.seasonNumber, episodeNumber: episode.episodeNumber,
            name: episode.name)
        entity.overview = episode.overview
        entity.airDate = episode.airDate
        entity.runtime = episode.runtime
        entity.stillPath = episode.stillPath
        entity.voteAverage = episode.voteAverage
        return entity
    }
}
