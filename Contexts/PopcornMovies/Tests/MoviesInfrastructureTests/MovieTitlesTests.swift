import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import PopcornTestSupport
import Synchronization
import Testing

@testable import MoviesInfrastructure

/// `MovieRepository.titles(forMovies:)`, what `popcorn watchlist list` shows: every cached
/// title in one read of the cache, the rest from the remote, several at a time.
@Suite("Titles of several movies")
struct MovieTitlesTests {
    /// The cache's data source, recording which of its reads and writes are asked for.
    struct RecordingLocal: MovieLocalDataSource {
        let base: any MovieLocalDataSource
        let recorder = CallRecorder<Never>()

        func movie(withID id: Int) async throws -> CachedValue<Movie>? {
            recorder.record("movie \(id)")
            return try await base.movie(withID: id)
        }
        func save(_ movie: Movie, cachedAt: Date) async throws {
            recorder.record("save \(movie.id)")
            try await base.save(movie, cachedAt: cachedAt)
        }
        func titles(forMovies ids: [Int]) async throws -> [Int: CachedValue<String>] {
            recorder.record("titles \(ids.sorted())")
            return try await base.titles(forMovies: ids)
        }
        func credits(forMovie id: Int) async throws -> CachedValue<Credits>? { try await base.credits(forMovie: id) }
        func save(_ credits: Credits, forMovie id: Int, cachedAt: Date) async throws {
            try await base.save(credits, forMovie: id, cachedAt: cachedAt)
        }
        func images(forMovie id: Int) async throws -> CachedValue<ImageCollection>? {
            try await base.images(forMovie: id)
        }
        func save(_ images: ImageCollection, forMovie id: Int, cachedAt: Date) async throws {
            try await base.save(images, forMovie: id, cachedAt: cachedAt)
        }
        func certifications(forMovie id: Int) async throws -> CachedValue<[Certification]>? {
            try await base.certifications(forMovie: id)
        }
        func save(_ certifications: [Certification], forMovie id: Int, cachedAt: Date) async throws {
            try await base.save(certifications, forMovie: id, cachedAt: cachedAt)
        }
    }

    /// A remote whose movie lookups take a while, counting how many run at once.
    final class SlowRemote: MovieRemoteDataSource {
        private let inFlight = Mutex((now: 0, most: 0))
        var mostAtOnce: Int { inFlight.withLock { $0.most } }

        func movie(withID id: Int) async throws(MovieRemoteDataSourceError) -> Movie {
            inFlight.withLock { $0 = (now: $0.now + 1, most: max($0.most, $0.now + 1)) }
            try? await Task.sleep(for: .milliseconds(50))
            inFlight.withLock { $0.now -= 1 }
            return Movie(id: id, title: "Movie \(id)")
        }
        func credits(forMovie id: Int) throws(MovieRemoteDataSourceError) -> Credits { throw .failed("unused") }
        func images(forMovie id: Int) throws(MovieRemoteDataSourceError) -> ImageCollection { throw .failed("unused") }
        func certifications(forMovie id: Int) throws(MovieRemoteDataSourceError) -> [Certification] {
            throw .failed("unused")
        }
        func page(_ page: Int, of list: MovieList) throws(MovieRemoteDataSourceError) -> MoviePreviewPage {
            throw .failed("unused")
        }
    }

    @Test(
        "cached titles come from one read of the cache; the others from the remote, then cached; unknown ids are left out"
    )
    func oneReadOfTheCache() async throws {
        let fixture = RepositoryFixture(remote: MockMovieRemote(), factory: MoviesInfrastructureFactory.forTests)
        let local = RecordingLocal(
            base: SwiftDataMovieLocalDataSource(
                store: try await fixture.factory.stores.actor(for: MoviesInfrastructureFactory.cacheStore)))
        let repository = DefaultMovieRepository(
            local: local, remote: fixture.remote, cache: fixture.factory.stores.readThroughCache)
        _ = try await repository.movie(withID: 550)
        _ = try await repository.movie(withID: 603)
        let before = local.recorder.callCount
        let remoteBefore = fixture.remote.recorder.callCount

        let titles = await repository.titles(forMovies: [550, 603, 700, 404, 550])
        #expect(titles == [550: "Fight Club", 603: "Fight Club", 700: "Fight Club"])
        let localCalls = Array(local.recorder.calls.dropFirst(before))
        #expect(localCalls == ["titles [404, 550, 603, 700]", "save 700"], "one read of the cache, no read per movie")
        #expect(Set(fixture.remote.recorder.calls.dropFirst(remoteBefore)) == ["movie 700", "movie 404"])

        // 700 is cached now: a second listing asks the remote nothing.
        let remoteAfter = fixture.remote.recorder.callCount
        #expect(await repository.titles(forMovies: [700, 550]) == [700: "Fight Club", 550: "Fight Club"])
        #expect(fixture.remote.recorder.callCount == remoteAfter)
    }

    @Test("an expired title is fetched again, and kept while the remote fails")
    func expiredTitle() async throws {
        let fixture = RepositoryFixture(remote: MockMovieRemote(), factory: MoviesInfrastructureFactory.forTests)
        let repository = try await fixture.factory.makeMovieRepository()
        _ = try await repository.movie(withID: 550)
        fixture.clock.advance(by: 2 * 24 * 60 * 60)
        await fixture.remote.retitle("Fight Club (restored)")
        #expect(await repository.titles(forMovies: [550]) == [550: "Fight Club (restored)"])
        fixture.clock.advance(by: 2 * 24 * 60 * 60)
        fixture.remote.recorder.fail(with: .failed("offline"))
        #expect(await repository.titles(forMovies: [550, 603]) == [550: "Fight Club (restored)"])
    }

    @Test("titles missing from the cache are fetched several at a time, at most eight")
    func concurrentFetches() async throws {
        let folder = TemporaryFolder()
        let remote = SlowRemote()
        let factory = MoviesInfrastructureFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: remote)
        let ids = Array(1...24)
        let titles = try await factory.makeMovieRepository().titles(forMovies: ids)
        #expect(titles.count == 24 && titles[7] == "Movie 7")
        #expect(remote.mostAtOnce > 1, "fetched concurrently")
        #expect(remote.mostAtOnce <= DefaultMovieRepository.concurrentTitleFetches)
    }
}
