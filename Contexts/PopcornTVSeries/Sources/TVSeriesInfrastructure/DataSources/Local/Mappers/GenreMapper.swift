import TVSeriesDomain

/// Maps genres between the cache and the domain.
struct GenreMapper {
    func map(_ entity: TVSeriesGenreEntity) -> Genre {
        Genre(id: entity.genreID, name: entity.name)
    }

    func map(_ genre: Genre, position: Int) -> TVSeriesGenreEntity {
        TVSeriesGenreEntity(genreID: genre.id, name: genre.name, position: position)
    }
}
