import Foundation
import MoviesDomain
import Testing

@testable import MoviesInfrastructure

@Suite("Mappers")
struct MapperTests {
    @Test("a movie maps to an entity and back unchanged")
    func movieRoundTrip() {
        let movie = MockMovieRemote.sampleMovie(id: 550, title: "Fight Club")
        let entity = MovieMapper().map(movie, cachedAt: Date(timeIntervalSinceReferenceDate: 5))
        #expect(entity.cachedAt == Date(timeIntervalSinceReferenceDate: 5))
        #expect(MovieMapper().map(entity) == movie)
    }

    @Test("a list page keeps its order through the entity")
    func pageRoundTrip() {
        let page = MoviePreviewPage(
            page: 2, totalPages: 5, totalResults: 100,
            movies: [MoviePreview(id: 3, title: "c"), MoviePreview(id: 1, title: "a", voteAverage: 7)])
        let entity = MoviePreviewPageMapper().map(page, list: .popular, cachedAt: .now)
        #expect(entity.listKey == "popular")
        #expect(MoviePreviewPageMapper().map(entity) == page)
    }

    @Test("watchlist rows without a movie id are skipped")
    func watchlistRows() {
        let entity = MoviesWatchlistMovieEntity(movieID: 1, createdAt: .now)
        #expect(WatchlistMovieMapper().map(entity)?.movieID == 1)
        entity.movieID = nil
        #expect(WatchlistMovieMapper().map(entity) == nil)
    }
}
