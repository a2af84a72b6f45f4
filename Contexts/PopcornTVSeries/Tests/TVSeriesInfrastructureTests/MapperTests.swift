import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import PopcornTestSupport
import TVSeriesDomain
import Testing

@testable import TVSeriesInfrastructure

@Suite("Mappers between cache entities and domain values")
struct MapperTests {
    let cachedAt = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// Saves the entity in an in-memory store and fetches it back with a fresh context,
    /// so that the mappers are checked against what the store really returns.
    private func roundTrip<T: PersistentModel>(_ entity: T) throws -> T {
        let container = try ModelContainer(
            for: TVSeriesInfrastructureFactory.cacheStore.schema,
            configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        let context = ModelContext(container)
        context.insert(entity)
        try context.save()
        return try #require(try ModelContext(container).fetch(FetchDescriptor<T>()).first)
    }

    @Test("a series maps to an entity field by field, with ordered genres")
    func seriesToEntity() {
        let series = Fixtures.series(id: 1396)
        let entity = TVSeriesMapper().map(series, cachedAt: cachedAt)
        #expect(entity.tvSeriesID == 1396)
        #expect(entity.name == "Breaking Bad")
        #expect(entity.status == "Ended")
        #expect(entity.voteCount == 12_000)
        #expect(entity.cachedAt == cachedAt)
        #expect(entity.genres.map(\.genreID) == [80, 18])
        #expect(entity.genres.map(\.position) == [0, 1])
        #expect(entity.seasons.map(\.seasonNumber) == [0, 1, 2])
    }

    @Test("a series survives the store and maps back equal")
    func seriesRoundTrip() throws {
        let series = Fixtures.series(id: 1396)
        let stored = try roundTrip(TVSeriesMapper().map(series, cachedAt: cachedAt))
        #expect(TVSeriesMapper().map(stored) == series)
        #expect(stored.cachedAt == cachedAt)
    }

    @Test("an entity maps back with genres by position and seasons by number, whatever the stored order")
    func entityToSeriesOrders() {
        let entity = TVSeriesTVSeriesEntity(tvSeriesID: 7, name: "Seven", cachedAt: cachedAt)
        entity.genres = [
            TVSeriesGenreEntity(genreID: 2, name: "Second", position: 1),
            TVSeriesGenreEntity(genreID: 1, name: "First", position: 0),
        ]
        entity.seasons = [
            TVSeriesSeasonSummaryEntity(seasonID: 72, seasonNumber: 2, name: "S2"),
            TVSeriesSeasonSummaryEntity(seasonID: 71, seasonNumber: 1, name: "S1"),
        ]
        let series = TVSeriesMapper().map(entity)
        #expect(series.genres == [Genre(id: 1, name: "First"), Genre(id: 2, name: "Second")])
        #expect(series.seasons.map(\.id) == [71, 72])
        #expect(series.overview == nil)
        #expect(series.voteAverage == 0)
    }

    @Test("a season with its episodes survives the store and maps back equal")
    func seasonRoundTrip() throws {
        let season = Fixtures.season(2, ofTVSeries: 1396)
        let entity = TVSeasonMapper().map(season, cachedAt: cachedAt)
        #expect(entity.tvSeriesID == 1396)
        #expect(entity.seasonNumber == 2)
        #expect(entity.episodes.count == 3)
        let stored = try roundTrip(entity)
        #expect(TVSeasonMapper().map(stored) == season)
    }

    @Test("a single episode survives the store and maps back equal")
    func episodeRoundTrip() throws {
        let episode = Fixtures.episode(4, inSeason: 3)
        let entity = TVEpisodeMapper().map(episode, tvSeriesID: 1396, cachedAt: cachedAt)
        #expect(entity.tvSeriesID == 1396)
        #expect(entity.episodeNumber == 4)
        #expect(entity.runtime == 49)
        let stored = try roundTrip(entity)
        #expect(TVEpisodeMapper().map(stored) == episode)
    }

    @Test("a season's episode maps both ways")
    func seasonEpisode() {
        let episode = Fixtures.episode(1, inSeason: 1)
        let entity = TVEpisodeMapper().mapForSeason(episode)
        #expect(entity.episodeID == episode.id)
        #expect(entity.stillPath == "/still1.jpg")
        #expect(TVEpisodeMapper().map(entity) == episode)
    }

    @Test("credits keep the source's order of cast and crew through the store")
    func creditsRoundTrip() throws {
        let entity = CreditsMapper().map(Fixtures.credits, tvSeriesID: 1396, cachedAt: cachedAt)
        #expect(entity.cast.map(\.position) == [0, 1])
        #expect(entity.crew.map(\.job) == ["Creator", "Executive Producer"])
        let stored = try roundTrip(entity)
        #expect(CreditsMapper().map(stored) == Fixtures.credits)
        #expect(stored.tvSeriesID == 1396)
    }

    @Test("genres and season summaries map both ways")
    func parts() {
        let genre = Genre(id: 18, name: "Drama")
        #expect(GenreMapper().map(GenreMapper().map(genre, position: 3)) == genre)
        #expect(GenreMapper().map(genre, position: 3).position == 3)
        let summary = Fixtures.series(id: 1).seasons[1]
        #expect(TVSeasonSummaryMapper().map(TVSeasonSummaryMapper().map(summary)) == summary)
    }
}
