import Foundation
import TVSeriesDomain

/// Maps a season, with its episodes, between the cache and the domain.
struct TVSeasonMapper {
    func map(_ entity: TVSeriesSeasonEntity) -> TVSeason {
        TVSeason(
            id: entity.seasonID, tvSeriesID: entity.tvSeriesID, seasonNumber: entity.seasonNumber, name: entity.name,
            overview: entity.overview, airDate: entity.airDate, posterPath: entity.posterPath,
            episodes: entity.episodes.sorted { $0.episodeNumber < $1.episodeNumber }.map(TVEpisodeMapper().map))
    }

    /// A new entity for the season, stamped `cachedAt`.
    func map(_ season: TVSeason, cachedAt: Date) -> TVSeriesSeasonEntity {
        let entity = TVSeriesSeasonEntity(
            tvSeriesID: season.tvSeriesID, seasonNumber: season.seasonNumber, seasonID: season.id, name: season.name,
            cachedAt: cachedAt)
        entity.overview = season.overview
        entity.airDate = season.airDate
        entity.posterPath = season.posterPath
        entity.episodes = season.episodes.map(TVEpisodeMapper().mapForSeason)
        return entity
    }
}
