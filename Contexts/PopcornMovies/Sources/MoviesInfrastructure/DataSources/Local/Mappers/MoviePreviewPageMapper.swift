import Foundation
import MoviesDomain

/// Maps cached list pages to domain pages and back, keeping the list's order.
struct MoviePreviewPageMapper {
    func map(_ entity: MoviesPreviewPageEntity) -> MoviePreviewPage {
        MoviePreviewPage(
            page: entity.page,
            totalPages: entity.totalPages,
            totalResults: entity.totalResults,
            movies: entity.previews.map {
                MoviePreview(
                    id: $0.movieID, title: $0.title, overview: $0.overview, releaseDate: $0.releaseDate,
                    posterPath: $0.posterPath, backdropPath: $0.backdropPath, voteAverage: $0.voteAverage)
            }
        )
    }

    func map(_ page: MoviePreviewPage, list: MovieList, cachedAt: Date) -> MoviesPreviewPageEntity {
        let entity = MoviesPreviewPageEntity(
            listKey: list.key, page: page.page, totalPages: page.totalPages, totalResults: page.totalResults,
            cachedAt: cachedAt)
        entity.previews = page.movies.map { movie in
            let preview = MoviesMoviePreviewEntity(movieID: movie.id, title: movie.title)
            preview.overview = movie.overview
            preview.releaseDate = movie.releaseDate
            preview.posterPath = movie.posterPath
            preview.backdropPath = movie.backdropPath
            preview.voteAverage = movie.voteAverage
            return preview
        }
        return entity
    }
}
