import MoviesDomain
import MoviesInfrastructure
import TMDb
import Testing

@testable import PopcornApp

@Suite("TMDb adapter for the Movies context")
struct MovieAdapterTests {
    let adapter = TMDbMovieRemoteDataSource(service: OfflineCatalog())

    @Test("a catalog movie maps to a domain movie with its parts")
    func movie() async throws {
        let page = try await adapter.page(1, of: .popular)
        let first = try #require(page.movies.first)
        let movie = try await adapter.movie(withID: first.id)
        #expect(movie.id == first.id)
        #expect(movie.title == first.title)
        #expect(!movie.genres.isEmpty)
        let credits = try await adapter.credits(forMovie: first.id)
        #expect(!credits.cast.isEmpty)
    }

    @Test("an unknown id is notFound")
    func unknown() async {
        await #expect(throws: MovieRemoteDataSourceError.notFound) {
            try await adapter.movie(withID: 999_999)
        }
    }

    @Test("similar and recommendations pages come from the catalog")
    func lists() async throws {
        let popular = try await adapter.page(1, of: .popular)
        let id = try #require(popular.movies.first?.id)
        let similar = try await adapter.page(1, of: .similar(toMovieID: id))
        #expect(!similar.movies.contains { $0.id == id })
    }
}
