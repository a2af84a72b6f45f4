import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DiscoverInfrastructure

@Suite("Mappers between cache entities and domain values")
struct MapperTests {
    let cachedAt = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// Saves the entity in an in-memory store and fetches it back with a fresh context,
    /// so that the mappers are checked against what the store really returns.
    private func roundTrip<T: PersistentModel>(_ entity: T) throws -> T {
        let container = try ModelContainer(
            for: DiscoverInfrastructureFactory.cacheStore.schema,
            configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        let context = ModelContext(container)
        context.insert(entity)
        try context.save()
        return try #require(try ModelContext(container).fetch(FetchDescriptor<T>()).first)
    }

    @Test("a filter's key names its genres and language; equal filters share a key")
    func filterKey() {
        let mapper = DiscoverFilterKeyMapper()
        #expect(mapper.key(for: .all) == "genres=;language=")
        #expect(
            mapper.key(for: DiscoverFilter(genreIDs: [80, 18], originalLanguage: "EN")) == "genres=18,80;language=en")
        #expect(
            mapper.key(for: DiscoverFilter(genreIDs: [18, 80, 18]))
                == mapper.key(for: DiscoverFilter(genreIDs: [80, 18], originalLanguage: "")))
        #expect(mapper.key(for: DiscoverFilter(genreIDs: [1, 8])) != mapper.key(for: DiscoverFilter(genreIDs: [18])))
    }

    @Test("a movie page maps to an entity with its key, stamp and previews in order")
    func moviePageToEntity() {
        let page = Fixtures.moviePage(2)
        let entity = DiscoverMoviePageMapper().map(page, filterKey: "k", cachedAt: cachedAt)
        #expect(entity.filterKey == "k")
        #expect(entity.page == 2)
        #expect(entity.totalPages == 5)
        #expect(entity.totalResults == 100)
        #expect(entity.cachedAt == cachedAt)
        #expect(entity.previews.map(\.movieID) == [203, 201, 202])
        #expect(entity.previews.map(\.position) == [0, 1, 2])
        #expect(entity.previews.first?.genreIDs == [18, 80])
    }

    @Test("a movie page survives the store and maps back equal, in the page's order")
    func moviePageRoundTrip() throws {
        let page = Fixtures.moviePage(1)
        let stored = try roundTrip(DiscoverMoviePageMapper().map(page, filterKey: "k", cachedAt: cachedAt))
        #expect(DiscoverMoviePageMapper().map(stored) == page)
        #expect(stored.cachedAt == cachedAt)
    }

    @Test("a TV series page survives the store and maps back equal, in the page's order")
    func seriesPageRoundTrip() throws {
        let page = Fixtures.seriesPage(1)
        let entity = DiscoverTVSeriesPageMapper().map(page, filterKey: "k", cachedAt: cachedAt)
        #expect(entity.previews.map(\.tvSeriesID) == [102, 101])
        let stored = try roundTrip(entity)
        #expect(DiscoverTVSeriesPageMapper().map(stored) == page)
    }

    @Test("previews map back by position whatever the stored order")
    func previewsByPosition() {
        let entity = DiscoverMoviePageEntity(
            filterKey: "k", page: 1, totalPages: 1, totalResults: 2, cachedAt: cachedAt)
        entity.previews = [
            DiscoverMoviePreviewEntity(movieID: 2, title: "Second", position: 1),
            DiscoverMoviePreviewEntity(movieID: 1, title: "First", position: 0),
        ]
        let page = DiscoverMoviePageMapper().map(entity)
        #expect(page.items.map(\.id) == [1, 2])
        #expect(page.items.first?.overview == nil)
    }

    @Test("single previews map both ways")
    func previews() {
        let movie = Fixtures.movie(7)
        #expect(MoviePreviewMapper().map(MoviePreviewMapper().map(movie, position: 4)) == movie)
        #expect(MoviePreviewMapper().map(movie, position: 4).position == 4)
        let series = Fixtures.series(8)
        #expect(TVSeriesPreviewMapper().map(TVSeriesPreviewMapper().map(series, position: 0)) == series)
    }
}
