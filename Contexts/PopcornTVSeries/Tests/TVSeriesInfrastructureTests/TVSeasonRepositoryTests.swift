import DataPersistenceInfrastructure
import Foundation
import PopcornTestSupport
import TVSeriesDomain
import Testing

@testable import TVSeriesInfrastructure

@Suite("DefaultTVSeasonRepository and DefaultTVEpisodeRepository read through the cache")
struct TVSeasonRepositoryTests {
    let fixture = RepositoryFixture(remote: MockTVSeriesRemote(), factory: TVSeriesInfrastructureFactory.forTests)

    @Test("a season is fetched once, cached with its episodes, and served from the cache")
    func seasonMissThenHit() async throws {
        let repository = try await fixture.factory.makeTVSeasonRepository()
        let season = try await repository.season(1, ofTVSeries: 1396)
        #expect(season == Fixtures.season(1, ofTVSeries: 1396))
        #expect(try await repository.season(1, ofTVSeries: 1396) == season)
        #expect(fixture.remote.recorder.calls == ["season 1 of 1396"])
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).count == 1)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEpisodeEntity.self).count == 3)
    }

    @Test("another season number or another series is a miss")
    func seasonKeys() async throws {
        let repository = try await fixture.factory.makeTVSeasonRepository()
        _ = try await repository.season(1, ofTVSeries: 1396)
        _ = try await repository.season(2, ofTVSeries: 1396)
        _ = try await repository.season(1, ofTVSeries: 1399)
        #expect(fixture.remote.recorder.callCount == 3)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).count == 3)
    }

    @Test("an expired season is replaced with its episodes, not added beside them")
    func seasonExpiry() async throws {
        let repository = try await fixture.factory.makeTVSeasonRepository()
        _ = try await repository.season(1, ofTVSeries: 1396)
        fixture.clock.advance(by: 24 * 60 * 60 + 1)
        _ = try await repository.season(1, ofTVSeries: 1396)
        #expect(fixture.remote.recorder.callCount == 2)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).count == 1)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEpisodeEntity.self).count == 3)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).first?.cachedAt == fixture.clock.now)
    }

    @Test("a remote failure on an expired season throws and leaves the cache as it was")
    func seasonFailure() async throws {
        let repository = try await fixture.factory.makeTVSeasonRepository()
        _ = try await repository.season(1, ofTVSeries: 1396)
        let cachedAt = fixture.clock.now
        fixture.clock.advance(by: 24 * 60 * 60 + 1)
        fixture.remote.recorder.fail(with: .notFound)
        await #expect(throws: TVSeriesRepositoryError.notFound) {
            try await repository.season(1, ofTVSeries: 1396)
        }
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).map(\.cachedAt) == [cachedAt])
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEpisodeEntity.self).count == 3)
    }

    @Test("refreshing a series keeps the seasons cached with their episodes")
    func seriesRefreshKeepsSeasons() async throws {
        _ = try await fixture.factory.makeTVSeasonRepository().season(1, ofTVSeries: 1396)
        _ = try await fixture.factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        fixture.clock.advance(by: 24 * 60 * 60 + 1)
        _ = try await fixture.factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).count == 1)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEpisodeEntity.self).count == 3)
    }

    @Test("concurrent misses for the same season through two repositories leave one entry")
    func concurrentMisses() async throws {
        let one = try await fixture.factory.makeTVSeasonRepository()
        let other = try await fixture.factory.makeTVSeasonRepository()
        async let first = one.season(1, ofTVSeries: 1396)
        async let second = other.season(1, ofTVSeries: 1396)
        let seasons = try await [first, second]
        #expect(seasons[0] == seasons[1])
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEntity.self).count == 1)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonEpisodeEntity.self).count == 3)
    }

    @Test("an episode is fetched once, cached, served from the cache, and refreshed after expiry")
    func episode() async throws {
        let repository = try await fixture.factory.makeTVEpisodeRepository()
        let episode = try await repository.episode(2, inSeason: 1, ofTVSeries: 1396)
        #expect(episode == Fixtures.episode(2, inSeason: 1))
        #expect(try await repository.episode(2, inSeason: 1, ofTVSeries: 1396) == episode)
        #expect(fixture.remote.recorder.callCount == 1)
        _ = try await repository.episode(3, inSeason: 1, ofTVSeries: 1396)
        #expect(fixture.remote.recorder.callCount == 2)
        fixture.clock.advance(by: 24 * 60 * 60)
        _ = try await repository.episode(2, inSeason: 1, ofTVSeries: 1396)
        #expect(fixture.remote.recorder.callCount == 3)
        await #expect(try fixture.factory.rows(of: TVSeriesEpisodeEntity.self).count == 2)
    }

    @Test("a remote failure on an episode miss throws unavailable and caches nothing")
    func episodeFailure() async throws {
        fixture.remote.recorder.fail(with: .failed("timeout"))
        await #expect(throws: TVSeriesRepositoryError.unavailable("timeout")) {
            try await fixture.factory.makeTVEpisodeRepository().episode(1, inSeason: 1, ofTVSeries: 1396)
        }
        await #expect(try fixture.factory.rows(of: TVSeriesEpisodeEntity.self).count == 0)
    }
}
