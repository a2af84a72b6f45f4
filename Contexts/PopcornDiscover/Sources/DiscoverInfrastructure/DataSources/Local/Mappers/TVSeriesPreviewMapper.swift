import DiscoverDomain

/// Maps a discovered series between the cache and the domain.
struct TVSeriesPreviewMapper {
    func map(_ entity: DiscoverTVSeriesPreviewEntity) -> TVSeriesPreview {
        TVSeriesPreview(
            id: entity.tvSeriesID, name: entity.name, overview: entity.overview, firstAirDate: entity.firstAirDate,
            posterPath: entity.posterPath, backdropPath: entity.backdropPath, voteAverage: entity.voteAverage,
            genreIDs: entity.genreIDs, originalLanguage: entity.originalLanguage)
    }

    /// A new entity for the series at `position` on its page.
    func map(_ series: TVSeriesPreview, position: Int) -> DiscoverTVSeriesPreviewEntity {
        let entity = DiscoverTVSeriesPreviewEntity(tvSeriesID: series.id, name: series.name, position: position)
        entity.overview = series.overview
        entity.firstAirDate = series.firstAirDate
        entity.posterPath = series.posterPath
        entity.backdropPath = series.backdropPath
        entity.voteAverage = series.voteAverage
        entity.genreIDs = series.genreIDs
        entity.originalLanguage = series.originalLanguage
        return entity
    }
}
