import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import MoviesInfrastructure

@Suite("Read-through repositories")
struct RepositoryTests {
    @Test("miss, then hit, then expiry")
    func movieCache() async throws {
        let fixture = RepositoryFixture(remote: MockMovieRemote(), factory: MoviesInfrastructureFactory.forTests)
        let repository = try await fixture.factory.makeMovieRepository()
        let first = try await repository.movie(withID: 550)
        #expect(first == MockMovieRemote.sampleMovie(id: 550, title: "Fight Club"))
        _ = try await repository.movie(withID: 550)
        #expect(fixture.remote.recorder.calls == ["movie 550"], "the second read is a cache hit")
        fixture.clock.advance(by: 24 * 60 * 60 + 1)
        await fixture.remote.retitle("Fight Club (restored)")
        let refreshed = try await repository.movie(withID: 550)
        #expect(refreshed.title == "Fight Club (restored)")
        #expect(fixture.remote.recorder.calls == ["movie 550", "movie 550"])
        await #expect(try fixture.cachedMovieRows() == ["Fight Club (restored)"], "the entry was replaced, not added")
    }

    @Test("a remote failure is thrown and leaves the cache as it was")
    func remoteFailure() async throws {
        let fixture = RepositoryFixture(remote: MockMovieRemote(), factory: MoviesInfrastructureFactory.forTests)
        let repository = try await fixture.factory.makeMovieRepository()
        _ = try await repository.movie(withID: 550)
        fixture.clock.advance(by: 2 * 24 * 60 * 60)
        fixture.remote.recorder.fail(with: .failed("offline"))
        await #expect(throws: MovieRepositoryError.unavailable("offline")) {
            try await repository.movie(withID: 550)
        }
        await #expect(try fixture.cachedMovieRows() == ["Fight Club"])
        fixture.remote.recorder.fail(with: nil)
        await #expect(throws: MovieRepositoryError.notFound(movieID: 404)) {
            try await repository.movie(withID: 404)
        }
    }

    @Test("credits, images and certifications are cached too")
    func otherDetails() async throws {
        let fixture = RepositoryFixture(remote: MockMovieRemote(), factory: MoviesInfrastructureFactory.forTests)
        let repository = try await fixture.factory.makeMovieRepository()
        let credits = try await repository.credits(forMovie: 550)
        #expect(credits.cast.map(\.name) == ["First", "Second"], "in billing order")
        #expect(credits.directors.map(\.name) == ["Director One"])
        let images = try await repository.images(forMovie: 550)
        #expect(images.posters.first?.filePath == "/p.jpg")
        #expect(try await repository.certification(forMovie: 550, countryCode: "US")?.rating == "R")
        #expect(try await repository.certification(forMovie: 550, countryCode: "FR") == nil)
        _ = try await repository.credits(forMovie: 550)
        _ = try await repository.images(forMovie: 550)
        #expect(
            fixture.remote.recorder.calls == ["credits 550", "images 550", "certifications 550"],
            "second reads are hits")
    }

    @Test("list pages are cached per list and per page")
    func listPages() async throws {
        let fixture = RepositoryFixture(remote: MockMovieRemote(), factory: MoviesInfrastructureFactory.forTests)
        let repository = try await fixture.factory.makeMovieListRepository()
        let popular = try await repository.page(1, of: .popular)
        #expect(popular.movies.map(\.title) == ["popular 1.0", "popular 1.1", "popular 1.2"])
        _ = try await repository.page(1, of: .popular)
        _ = try await repository.page(2, of: .popular)
        _ = try await repository.page(1, of: .similar(toMovieID: 550))
        #expect(
            fixture.remote.recorder.calls == ["page 1 of popular", "page 2 of popular", "page 1 of similar/550"])
        let cachedAgain = try await repository.page(1, of: .popular)
        #expect(cachedAgain == popular, "the order of the list is kept")
    }

    @Test("the watchlist adds, lists newest first, and removes, with no remote data source")
    func watchlist() async throws {
        let fixture = RepositoryFixture(remote: ()) { folder, now, _ in
            WatchlistInfrastructureFactory(locations: StoreLocations(under: folder), now: now, logger: .quiet)
        }
        let watchlist = try await fixture.factory.makeWatchlistRepository()
        _ = try await watchlist.add(movieID: 550)
        fixture.clock.advance(by: 10)
        let second = try await watchlist.add(movieID: 603)
        fixture.clock.advance(by: 10)
        let again = try await watchlist.add(movieID: 550)
        #expect(
            again.createdAt == Date(timeIntervalSinceReferenceDate: 800_000_000), "adding twice keeps the first date")
        #expect(try await watchlist.movies().map(\.movieID) == [603, 550])
        #expect(second.movieID == 603)
        #expect(try await watchlist.contains(movieID: 603))
        #expect(try await watchlist.remove(movieID: 603))
        #expect(try await watchlist.remove(movieID: 603) == false)
        #expect(try await watchlist.movies().map(\.movieID) == [550])
    }
}
