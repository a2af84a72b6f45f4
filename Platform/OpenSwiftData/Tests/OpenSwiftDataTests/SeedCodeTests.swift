import Foundation
import Testing

@testable import OpenSwiftData

@Suite("Code written as in the source documents")
struct SeedCodeTests {
    @Test("a @ModelActor data source inserts, fetches, counts and deletes")
    func modelActorDataSource() async throws {
        let folder = TemporaryFolder()
        let schema = Schema([MoviesWatchlistMovieEntity.self, SearchMediaSearchHistoryEntryEntity.self])
        let configuration = ModelConfiguration(
            schema: schema, url: folder.file("popcorn-movies-cloudkit.sqlite"),
            cloudKitDatabase: .private("iCloud.uk.co.adam-young.Popcorn"))
        let container = try ModelContainer(for: schema, configurations: [configuration])
        let dataSource = MoviesWatchlistLocalDataSource(modelContainer: container)
        try await dataSource.add(movieID: 550)
        try await Task.sleep(for: .milliseconds(5))
        try await dataSource.add(movieID: 603)
        #expect(try await dataSource.latestMovieID() == 603)
        #expect(try await dataSource.contains(movieID: 550))
        try await dataSource.remove(movieID: 550)
        #expect(try await dataSource.contains(movieID: 550) == false)

        let context = ModelContext(container)
        context.insert(SearchMediaSearchHistoryEntryEntity(mediaID: 1, mediaType: .movie))
        context.insert(SearchMediaSearchHistoryEntryEntity(mediaID: 2, mediaType: .person))
        context.insert(SearchMediaSearchHistoryEntryEntity(mediaID: 3, mediaType: .movie))
        try context.save()
        #expect(Set(try await dataSource.historyEntries(of: .movie)) == [1, 3])
        #expect(dataSource.modelContainer === container)
    }

    @Test("cache models with unique ids, optional arrays, URLs and cascade relationships")
    func cacheModels() throws {
        let container = try makeInMemoryContainer([MoviesMovieEntity.self, MoviesGenreEntity.self])
        let context = ModelContext(container)
        let movie = MoviesMovieEntity(movieID: 550, title: "Fight Club")
        movie.posterPath = URL(string: "https://image.tmdb.org/t/p/w500/poster.jpg")
        movie.genreNames = ["Drama"]
        context.insert(movie)
        movie.genres = [MoviesGenreEntity(genreID: 18, name: "Drama")]
        try context.save()
        let fresh = ModelContext(container)
        let stored = try #require(try fresh.fetch(FetchDescriptor<MoviesMovieEntity>()).first)
        #expect(stored.genres?.map(\.name) == ["Drama"])
        #expect(stored.posterPath?.lastPathComponent == "poster.jpg")
        #expect(stored.genreNames == ["Drama"])
        fresh.delete(stored)
        try fresh.save()
        #expect(try fresh.fetchCount(FetchDescriptor<MoviesGenreEntity>()) == 0)
        let genre = MoviesGenreEntity(genreID: 1, name: "a")
        #expect(genre == genre)
        #expect(genre.id == genre.persistentModelID)
    }
}
