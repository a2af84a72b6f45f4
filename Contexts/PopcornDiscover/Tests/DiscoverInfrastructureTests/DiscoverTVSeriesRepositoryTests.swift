import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import PopcornTestSupport
import Testing

@testable import DiscoverInfrastructure

@Suite("DefaultDiscoverTVSeriesRepository reads through the cache")
struct DiscoverTVSeriesRepositoryTests {
    let fixture = RepositoryFixture(remote: MockDiscoverRemote(), factory: DiscoverInfrastructureFactory.forTests)
    let korean = DiscoverFilter(originalLanguage: "ko")

    @Test("a miss is fetched and cached, then a hit is served without calling the remote")
    func missThenHit() async throws {
        let repository = try await fixture.factory.makeDiscoverTVSeriesRepository()
        let page = try await repository.tvSeries(matching: korean, page: 1)
        #expect(page == Fixtures.seriesPage(1))
        #expect(try await repository.tvSeries(matching: korean, page: 1) == page)
        #expect(fixture.remote.recorder.calls == ["tv [] ko page 1"])
        await #expect(try fixture.factory.count(DiscoverTVSeriesPreviewEntity.self) == 2)
    }

    @Test("another filter or another page is a miss")
    func keys() async throws {
        let repository = try await fixture.factory.makeDiscoverTVSeriesRepository()
        _ = try await repository.tvSeries(matching: korean, page: 1)
        _ = try await repository.tvSeries(matching: korean, page: 2)
        _ = try await repository.tvSeries(matching: DiscoverFilter(genreIDs: [16], originalLanguage: "ko"), page: 1)
        #expect(fixture.remote.recorder.callCount == 3)
        await #expect(try fixture.factory.count(DiscoverTVSeriesPageEntity.self) == 3)
    }

    @Test("movie and TV pages of the same filter and number are separate entries")
    func separateFromMovies() async throws {
        _ = try await fixture.factory.makeDiscoverMovieRepository().movies(matching: korean, page: 1)
        _ = try await fixture.factory.makeDiscoverTVSeriesRepository().tvSeries(matching: korean, page: 1)
        #expect(fixture.remote.recorder.calls == ["movies [] ko page 1", "tv [] ko page 1"])
    }

    @Test("an expired page is fetched again; a failure then leaves it as it was")
    func expiryAndFailure() async throws {
        let repository = try await fixture.factory.makeDiscoverTVSeriesRepository()
        _ = try await repository.tvSeries(matching: korean, page: 1)
        fixture.clock.advance(by: 24 * 60 * 60)
        _ = try await repository.tvSeries(matching: korean, page: 1)
        #expect(fixture.remote.recorder.callCount == 2)
        await #expect(try fixture.factory.count(DiscoverTVSeriesPreviewEntity.self) == 2)
        let cachedAt = fixture.clock.now

        fixture.clock.advance(by: 24 * 60 * 60)
        fixture.remote.recorder.fail(with: .failed("offline"))
        await #expect(throws: DiscoverRepositoryError.unavailable("offline")) {
            try await repository.tvSeries(matching: korean, page: 1)
        }
        await #expect(try fixture.factory.all(DiscoverTVSeriesPageEntity.self).map(\.cachedAt) == [cachedAt])
        await #expect(try fixture.factory.count(DiscoverTVSeriesPreviewEntity.self) == 2)
    }

    @Test("a page below 1 is refused without calling the remote")
    func invalidPage() async throws {
        await #expect(throws: DiscoverRepositoryError.invalidPage(-1)) {
            try await fixture.factory.makeDiscoverTVSeriesRepository().tvSeries(matching: korean, page: -1)
        }
        #expect(fixture.remote.recorder.callCount == 0)
    }
}
