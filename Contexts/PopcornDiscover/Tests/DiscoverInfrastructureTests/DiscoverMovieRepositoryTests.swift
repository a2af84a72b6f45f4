import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import PopcornTestSupport
import Testing

@testable import DiscoverInfrastructure

@Suite("DefaultDiscoverMovieRepository reads through the cache")
struct DiscoverMovieRepositoryTests {
    let fixture = RepositoryFixture(remote: MockDiscoverRemote(), factory: DiscoverInfrastructureFactory.forTests)
    let drama = DiscoverFilter(genreIDs: [18], originalLanguage: "en")

    @Test("a miss calls the remote once and caches the page with its previews")
    func miss() async throws {
        let page = try await fixture.factory.makeDiscoverMovieRepository().movies(matching: drama, page: 1)
        #expect(page == Fixtures.moviePage(1))
        #expect(fixture.remote.recorder.calls == ["movies [18] en page 1"])
        let rows = try await fixture.factory.all(DiscoverMoviePageEntity.self)
        #expect(rows.map(\.filterKey) == ["genres=18;language=en"])
        #expect(rows.first?.cachedAt == fixture.clock.now)
        await #expect(try fixture.factory.count(DiscoverMoviePreviewEntity.self) == 3)
    }

    @Test("a fresh hit is served from the cache, in order, without calling the remote")
    func hit() async throws {
        _ = try await fixture.factory.makeDiscoverMovieRepository().movies(matching: drama, page: 1)
        fixture.clock.advance(by: 24 * 60 * 60 - 1)
        await fixture.remote.retitle("Changed")
        // An equal filter written differently is the same entry.
        let again = try await fixture.factory.makeDiscoverMovieRepository()
            .movies(matching: DiscoverFilter(genreIDs: [18, 18], originalLanguage: "EN"), page: 1)
        #expect(again == Fixtures.moviePage(1))
        #expect(fixture.remote.recorder.callCount == 1)
    }

    @Test("another filter is a miss")
    func differentFilter() async throws {
        let repository = try await fixture.factory.makeDiscoverMovieRepository()
        _ = try await repository.movies(matching: drama, page: 1)
        _ = try await repository.movies(matching: DiscoverFilter(genreIDs: [18], originalLanguage: "fr"), page: 1)
        _ = try await repository.movies(matching: DiscoverFilter(genreIDs: [18, 80], originalLanguage: "en"), page: 1)
        _ = try await repository.movies(matching: .all, page: 1)
        #expect(fixture.remote.recorder.callCount == 4)
        await #expect(try fixture.factory.count(DiscoverMoviePageEntity.self) == 4)
        _ = try await repository.movies(matching: .all, page: 1)
        #expect(fixture.remote.recorder.callCount == 4)
    }

    @Test("another page is a miss")
    func differentPage() async throws {
        let repository = try await fixture.factory.makeDiscoverMovieRepository()
        let first = try await repository.movies(matching: drama, page: 1)
        let second = try await repository.movies(matching: drama, page: 2)
        #expect(first.items.map(\.id) == [103, 101, 102])
        #expect(second.items.map(\.id) == [203, 201, 202])
        #expect(fixture.remote.recorder.calls == ["movies [18] en page 1", "movies [18] en page 2"])
        await #expect(try fixture.factory.count(DiscoverMoviePageEntity.self) == 2)
        await #expect(try fixture.factory.count(DiscoverMoviePreviewEntity.self) == 6)
    }

    @Test("an expired page is fetched again and replaced with its previews")
    func expiry() async throws {
        let repository = try await fixture.factory.makeDiscoverMovieRepository()
        _ = try await repository.movies(matching: drama, page: 1)
        fixture.clock.advance(by: 24 * 60 * 60 + 1)
        await fixture.remote.retitle("Fresh")
        let refreshed = try await repository.movies(matching: drama, page: 1)
        #expect(refreshed == Fixtures.moviePage(1, title: "Fresh"))
        #expect(fixture.remote.recorder.callCount == 2)
        await #expect(try fixture.factory.count(DiscoverMoviePageEntity.self) == 1)
        await #expect(try fixture.factory.count(DiscoverMoviePreviewEntity.self) == 3)
        await #expect(try fixture.factory.all(DiscoverMoviePageEntity.self).first?.cachedAt == fixture.clock.now)
    }

    @Test("a remote failure on an expired page throws and leaves the cache exactly as it was")
    func failureOnExpiredPage() async throws {
        let repository = try await fixture.factory.makeDiscoverMovieRepository()
        _ = try await repository.movies(matching: drama, page: 1)
        let cachedAt = fixture.clock.now
        let titlesBefore = try await fixture.factory.all(DiscoverMoviePreviewEntity.self).map(\.title).sorted()
        fixture.clock.advance(by: 3 * 24 * 60 * 60)
        fixture.remote.recorder.fail(with: .failed("HTTP 500"))

        await #expect(throws: DiscoverRepositoryError.unavailable("HTTP 500")) {
            try await repository.movies(matching: drama, page: 1)
        }

        await #expect(try fixture.factory.all(DiscoverMoviePageEntity.self).map(\.cachedAt) == [cachedAt])
        await #expect(try fixture.factory.all(DiscoverMoviePreviewEntity.self).map(\.title).sorted() == titlesBefore)
        #expect(fixture.remote.recorder.callCount == 2)
    }

    @Test("a remote failure on a miss throws and caches nothing")
    func failureOnMiss() async throws {
        fixture.remote.recorder.fail(with: .notFound)
        await #expect(throws: DiscoverRepositoryError.notFound) {
            try await fixture.factory.makeDiscoverMovieRepository().movies(matching: drama, page: 9)
        }
        await #expect(try fixture.factory.count(DiscoverMoviePageEntity.self) == 0)
    }

    @Test("concurrent misses for the same page through two repositories leave one entry")
    func concurrentMisses() async throws {
        let one = try await fixture.factory.makeDiscoverMovieRepository()
        let other = try await fixture.factory.makeDiscoverMovieRepository()
        let filter = drama
        async let first = one.movies(matching: filter, page: 1)
        async let second = other.movies(matching: filter, page: 1)
        let pages = try await [first, second]
        #expect(pages[0] == pages[1])
        await #expect(try fixture.factory.count(DiscoverMoviePageEntity.self) == 1)
        await #expect(try fixture.factory.count(DiscoverMoviePreviewEntity.self) == 3)
    }

    @Test("a page below 1 is refused without calling the remote")
    func invalidPage() async throws {
        await #expect(throws: DiscoverRepositoryError.invalidPage(0)) {
            try await fixture.factory.makeDiscoverMovieRepository().movies(matching: drama, page: 0)
        }
        #expect(fixture.remote.recorder.callCount == 0)
    }
}
