import DataPersistenceInfrastructure
import Foundation
import PopcornTestSupport
import TVSeriesDomain
import Testing

@testable import TVSeriesInfrastructure

@Suite("DefaultTVSeriesRepository reads through the cache")
struct TVSeriesRepositoryTests {
    let fixture = RepositoryFixture(remote: MockTVSeriesRemote(), factory: TVSeriesInfrastructureFactory.forTests)

    @Test("a miss calls the remote once and caches the series")
    func miss() async throws {
        let series = try await fixture.factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        #expect(series == Fixtures.series(id: 1396))
        #expect(fixture.remote.recorder.calls == ["series 1396"])
        let rows = try await fixture.factory.rows(of: TVSeriesTVSeriesEntity.self)
        #expect(rows.map(\.tvSeriesID) == [1396])
        #expect(rows.first?.cachedAt == fixture.clock.now)
    }

    @Test("a fresh hit is served from the cache without calling the remote")
    func hit() async throws {
        let repository = try await fixture.factory.makeTVSeriesRepository()
        _ = try await repository.tvSeries(withID: 1396)
        fixture.clock.advance(by: 24 * 60 * 60 - 1)
        await fixture.remote.rename("Changed remotely")
        let again = try await fixture.factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        #expect(again.name == "Breaking Bad")
        #expect(fixture.remote.recorder.callCount == 1)
    }

    @Test("an entry older than the time to live is fetched again and replaced")
    func expiry() async throws {
        let repository = try await fixture.factory.makeTVSeriesRepository()
        _ = try await repository.tvSeries(withID: 1396)
        fixture.clock.advance(by: 24 * 60 * 60 + 1)
        await fixture.remote.rename("Renamed")
        let refreshed = try await repository.tvSeries(withID: 1396)
        #expect(refreshed.name == "Renamed")
        #expect(fixture.remote.recorder.callCount == 2)
        let rows = try await fixture.factory.rows(of: TVSeriesTVSeriesEntity.self)
        #expect(rows.map(\.name) == ["Renamed"])
        #expect(rows.first?.cachedAt == fixture.clock.now)
        // The old entry's parts went with it (cascade), only the new ones remain.
        await #expect(try fixture.factory.rows(of: TVSeriesGenreEntity.self).count == 2)
        await #expect(try fixture.factory.rows(of: TVSeriesSeasonSummaryEntity.self).count == 3)
    }

    @Test("a remote failure on a miss throws unavailable and caches nothing")
    func failureOnMiss() async throws {
        fixture.remote.recorder.fail(with: .failed("offline"))
        await #expect(throws: TVSeriesRepositoryError.unavailable("offline")) {
            try await fixture.factory.makeTVSeriesRepository().tvSeries(withID: 1396)
        }
        await #expect(try fixture.factory.rows(of: TVSeriesTVSeriesEntity.self).count == 0)
    }

    @Test("a remote failure on an expired entry throws and leaves the cache exactly as it was")
    func failureOnExpiredEntry() async throws {
        let repository = try await fixture.factory.makeTVSeriesRepository()
        _ = try await repository.tvSeries(withID: 1396)
        let cachedAt = fixture.clock.now
        let before = try await fixture.factory.rows(of: TVSeriesTVSeriesEntity.self).map {
            ($0.tvSeriesID, $0.name, $0.cachedAt)
        }
        fixture.clock.advance(by: 2 * 24 * 60 * 60)
        fixture.remote.recorder.fail(with: .failed("HTTP 503"))

        await #expect(throws: TVSeriesRepositoryError.unavailable("HTTP 503")) {
            try await repository.tvSeries(withID: 1396)
        }

        let after = try await fixture.factory.rows(of: TVSeriesTVSeriesEntity.self).map {
            ($0.tvSeriesID, $0.name, $0.cachedAt)
        }
        #expect(after.count == 1)
        #expect(after.map(\.0) == before.map(\.0))
        #expect(after.map(\.1) == before.map(\.1))
        #expect(after.map(\.2) == [cachedAt])
        await #expect(try fixture.factory.rows(of: TVSeriesGenreEntity.self).count == 2)
        #expect(fixture.remote.recorder.callCount == 2)
    }

    @Test("a series the remote does not know is notFound")
    func notFound() async throws {
        await #expect(throws: TVSeriesRepositoryError.notFound) {
            try await fixture.factory.makeTVSeriesRepository().tvSeries(withID: 404)
        }
        await #expect(try fixture.factory.rows(of: TVSeriesTVSeriesEntity.self).count == 0)
    }

    @Test("credits: a miss is fetched and cached, then served from the cache until they expire")
    func credits() async throws {
        let repository = try await fixture.factory.makeTVSeriesRepository()
        #expect(try await repository.credits(forTVSeries: 1396) == Fixtures.credits)
        #expect(try await repository.credits(forTVSeries: 1396) == Fixtures.credits)
        #expect(fixture.remote.recorder.calls == ["credits 1396"])
        await #expect(try fixture.factory.rows(of: TVSeriesCastMemberEntity.self).count == 2)
        fixture.clock.advance(by: 24 * 60 * 60)
        #expect(try await repository.credits(forTVSeries: 1396) == Fixtures.credits)
        #expect(fixture.remote.recorder.callCount == 2)
        await #expect(try fixture.factory.rows(of: TVSeriesCreditsEntity.self).count == 1)
        await #expect(try fixture.factory.rows(of: TVSeriesCastMemberEntity.self).count == 2)
        await #expect(try fixture.factory.rows(of: TVSeriesCrewMemberEntity.self).count == 2)
    }

    @Test("different series are different entries")
    func differentSeries() async throws {
        let repository = try await fixture.factory.makeTVSeriesRepository()
        _ = try await repository.tvSeries(withID: 1)
        _ = try await repository.tvSeries(withID: 2)
        _ = try await repository.tvSeries(withID: 1)
        #expect(fixture.remote.recorder.calls == ["series 1", "series 2"])
        await #expect(try fixture.factory.rows(of: TVSeriesTVSeriesEntity.self).count == 2)
    }
}
