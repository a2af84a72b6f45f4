import DiscoverDomain

/// Maps a discovered movie between the cache and the domain.
struct MoviePreviewMapper {
    func map(_ entity: DiscoverMoviePreviewEntity) -> MoviePreview {
        MoviePreview(
            id: entity.movieID, title: entity.title, overview: entity.overview, releaseDate: entity.releaseDate,
            posterPath: entity.posterPath, backdropPath: entity.backdropPath, voteAverage: entity.voteAverage,
            genreIDs: entity.genreIDs, originalLanguage: entity.originalLanguage)
    }

    /// A new entity for the movie at `position` on its page.
    func map(_ movie: MoviePreview, position: Int) -> DiscoverMoviePreviewEntity {
        let entity = DiscoverMoviePreviewEntity(movieID: movie.id, title: movie.title, position: position)
        entity.overview = movie.overview
        entity.releaseDate = movie.releaseDate
        entity.posterPath = movie.posterPath
        entity.backdropPath = movie.backdropPath
        entity.voteAverage = movie.voteAverage
        entity.genreIDs = movie.genreIDs
        entity.originalLanguage = movie.originalLanguage
        return entity
    }
}
