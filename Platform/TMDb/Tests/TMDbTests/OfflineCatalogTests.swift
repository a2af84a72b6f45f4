import Foundation
import Testing

@testable import TMDb

/// Tests that ``OfflineCatalog`` answers every ``TMDbService`` call consistently.
@Suite("Offline catalog")
struct OfflineCatalogTests {
    let catalog: any TMDbService = OfflineCatalog()

    /// Every movie reachable through the popular pages.
    private func allPopularMovies() async throws -> [MovieListItem] {
        let first = try await catalog.popularMovies(page: 1)
        var movies = first.results
        if first.totalPages > 1 {
            for page in 2...first.totalPages {
                movies += try await catalog.popularMovies(page: page).results
            }
        }
        return movies
    }

    @Test func catalogIsBigEnough() async throws {
        let first = try await catalog.popularMovies(page: 1)
        #expect(first.totalResults >= 30)
        #expect(first.results.count == 20)
        #expect(first.totalPages == (first.totalResults + 19) / 20)
        let series = try await catalog.discoverTVSeries(DiscoverFilter())
        #expect(series.totalResults >= 10)
    }

    @Test func popularPagesAreOrderedAndComplete() async throws {
        let movies = try await allPopularMovies()
        let first = try await catalog.popularMovies(page: 1)
        #expect(movies.count == first.totalResults)
        #expect(Set(movies.map(\.id)).count == movies.count)
        #expect(zip(movies, movies.dropFirst()).allSatisfy { $0.popularity >= $1.popularity })
        let beyond = try await catalog.popularMovies(page: first.totalPages + 1)
        #expect(beyond.results.isEmpty)
        #expect(beyond.totalResults == first.totalResults)
    }

    @Test func everyPopularMovieOpensWithCreditsImagesAndReleaseDates() async throws {
        for item in try await allPopularMovies() {
            let movie = try await catalog.movieDetails(id: item.id)
            #expect(movie.id == item.id)
            #expect(movie.title == item.title)
            #expect(movie.genres.map(\.id) == item.genreIDs)
            #expect(!movie.genres.isEmpty)
            let credits = try await catalog.movieCredits(id: item.id)
            #expect(credits.id == item.id)
            #expect(!credits.cast.isEmpty, "cast of \(item.title)")
            #expect(!credits.directors.isEmpty, "director of \(item.title)")
            #expect(credits.cast.map(\.order) == Array(0..<credits.cast.count))
            let images = try await catalog.movieImages(id: item.id)
            let dates = try await catalog.movieReleaseDates(id: item.id)
            if movie.releaseDate != nil {
                #expect(!images.posters.isEmpty, "posters of \(item.title)")
                #expect(images.posters.first?.filePath == movie.posterPath)
                #expect(dates.certification(forCountry: "US") != nil, "certification of \(item.title)")
            }
        }
    }

    @Test func movieGenresCoverEveryMovie() async throws {
        let known = Set(try await catalog.movieGenres().map(\.id))
        #expect(known.contains(18))
        for item in try await allPopularMovies() {
            #expect(Set(item.genreIDs).isSubset(of: known))
        }
    }

    @Test func similarAndRecommendationsAreOpenableAndExcludeTheMovie() async throws {
        for item in try await catalog.popularMovies(page: 1).results.prefix(5) {
            let similar = try await catalog.similarMovies(id: item.id, page: 1)
            let recommended = try await catalog.movieRecommendations(id: item.id, page: 1)
            #expect(!similar.results.isEmpty)
            #expect(!recommended.results.isEmpty)
            #expect(similar.results.count <= 20)
            for other in similar.results + recommended.results {
                #expect(other.id != item.id)
                _ = try await catalog.movieDetails(id: other.id)
            }
            for other in similar.results {
                #expect(!Set(other.genreIDs).isDisjoint(with: item.genreIDs))
            }
        }
    }

    @Test func discoverByGenreReturnsOnlyThatGenre() async throws {
        for genre in try await catalog.movieGenres() {
            let page = try await catalog.discoverMovies(DiscoverFilter(genreIDs: [genre.id]))
            #expect(page.results.allSatisfy { $0.genreIDs.contains(genre.id) }, "\(genre.name)")
        }
        let drama = try await catalog.discoverMovies(DiscoverFilter(genreIDs: [18]))
        #expect(!drama.results.isEmpty)
        let dramaRomance = try await catalog.discoverMovies(DiscoverFilter(genreIDs: [18, 10749]))
        #expect(!dramaRomance.results.isEmpty)
        #expect(dramaRomance.results.allSatisfy { $0.genreIDs.contains(18) && $0.genreIDs.contains(10749) })
        #expect(dramaRomance.totalResults < drama.totalResults)
    }

    @Test func discoverByOriginalLanguage() async throws {
        let korean = try await catalog.discoverMovies(DiscoverFilter(originalLanguage: "ko"))
        #expect(!korean.results.isEmpty)
        #expect(korean.results.allSatisfy { $0.originalLanguage == "ko" })
        let koreanTV = try await catalog.discoverTVSeries(DiscoverFilter(originalLanguage: "ko"))
        #expect(!koreanTV.results.isEmpty)
        #expect(koreanTV.results.allSatisfy { $0.originalLanguage == "ko" })
        let crimeTV = try await catalog.discoverTVSeries(DiscoverFilter(genreIDs: [80]))
        #expect(!crimeTV.results.isEmpty)
        #expect(crimeTV.results.allSatisfy { $0.genreIDs.contains(80) })
        let none = try await catalog.discoverMovies(DiscoverFilter(originalLanguage: "xx"))
        #expect(none.results.isEmpty)
        #expect(none.totalResults == 0)
    }

    @Test(arguments: ["copper horizon", "COPPER", "Horizon", "  copper  "])
    func searchFindsTitlesCaseInsensitively(query: String) async throws {
        let page = try await catalog.multiSearch(query: query, page: 1)
        #expect(page.results.contains { $0.displayName == "Copper Horizon" })
        #expect(
            page.results.allSatisfy {
                $0.displayName.localizedCaseInsensitiveContains(query.trimmingCharacters(in: .whitespaces))
            })
    }

    @Test func searchFindsOriginalTitlesSeriesAndPeople() async throws {
        let byOriginal = try await catalog.multiSearch(query: "lanternes", page: 1)
        #expect(byOriginal.results.contains { $0.displayName == "Paper Lanterns" })

        let series = try await catalog.multiSearch(query: "harbour", page: 1)
        #expect(series.results.contains { if case .tv = $0 { true } else { false } })

        let someone = try #require(try await catalog.movieCredits(id: 1001).cast.first)
        let surname = try #require(someone.name.split(separator: " ").last).uppercased()
        let people = try await catalog.multiSearch(query: surname, page: 1)
        #expect(Self.person(in: people, id: someone.id) != nil)
    }

    private static func person(in page: TMDbPage<MultiSearchResult>, id: Int) -> PersonListItem? {
        for result in page.results {
            if case .person(let person) = result, person.id == id { return person }
        }
        return nil
    }

    @Test func searchIsDiacriticInsensitiveAndEmptyQueryFindsNothing() async throws {
        let page = try await catalog.multiSearch(query: "VALDES", page: 1)
        #expect(page.results.contains { $0.displayName.contains("Valdés") })
        let empty = try await catalog.multiSearch(query: "   ", page: 1)
        #expect(empty.results.isEmpty)
        let nothing = try await catalog.multiSearch(query: "zzzz-no-such-title", page: 1)
        #expect(nothing.totalResults == 0)
    }

    @Test func everySeasonAndEpisodeOpensByNumber() async throws {
        let seriesPage = try await catalog.discoverTVSeries(DiscoverFilter())
        #expect(seriesPage.totalPages == 1)
        for item in seriesPage.results {
            let series = try await catalog.tvSeriesDetails(id: item.id)
            let credits = try await catalog.tvSeriesCredits(id: item.id)
            #expect(!credits.cast.isEmpty)
            #expect(series.numberOfSeasons == series.seasons.filter { $0.seasonNumber > 0 }.count)
            var episodeTotal = 0
            for summary in series.seasons {
                let season = try await catalog.tvSeason(seriesID: series.id, seasonNumber: summary.seasonNumber)
                #expect(season.id == summary.id)
                #expect(season.episodes.count == summary.episodeCount)
                #expect(season.episodes.map(\.episodeNumber) == Array(1...summary.episodeCount))
                if summary.seasonNumber > 0 { episodeTotal += season.episodes.count }
                for episode in season.episodes {
                    let opened = try await catalog.tvEpisode(
                        seriesID: series.id, seasonNumber: summary.seasonNumber, episodeNumber: episode.episodeNumber)
                    #expect(opened == episode)
                    #expect(opened.seasonNumber == summary.seasonNumber)
                }
            }
            #expect(episodeTotal == series.numberOfEpisodes)
        }
    }

    @Test func tvGenresCoverEverySeries() async throws {
        let known = Set(try await catalog.tvGenres().map(\.id))
        for item in try await catalog.discoverTVSeries(DiscoverFilter()).results {
            #expect(Set(item.genreIDs).isSubset(of: known))
        }
    }

    @Test func unknownIDsAreNotFound() async {
        await #expect(throws: TMDbError.notFound) { try await catalog.movieDetails(id: 999_999) }
        await #expect(throws: TMDbError.notFound) { try await catalog.movieCredits(id: 999_999) }
        await #expect(throws: TMDbError.notFound) { try await catalog.movieImages(id: 999_999) }
        await #expect(throws: TMDbError.notFound) { try await catalog.movieReleaseDates(id: 999_999) }
        await #expect(throws: TMDbError.notFound) { try await catalog.similarMovies(id: 999_999, page: 1) }
        await #expect(throws: TMDbError.notFound) { try await catalog.movieRecommendations(id: 999_999, page: 1) }
        await #expect(throws: TMDbError.notFound) { try await catalog.tvSeriesDetails(id: 999_999) }
        await #expect(throws: TMDbError.notFound) { try await catalog.tvSeriesCredits(id: 999_999) }
        await #expect(throws: TMDbError.notFound) { try await catalog.tvSeason(seriesID: 999_999, seasonNumber: 1) }
        await #expect(throws: TMDbError.notFound) { try await catalog.tvSeason(seriesID: 2001, seasonNumber: 99) }
        await #expect(throws: TMDbError.notFound) {
            try await catalog.tvEpisode(seriesID: 2001, seasonNumber: 1, episodeNumber: 999)
        }
    }

    @Test func invalidPagesAreRejected() async {
        await #expect(throws: TMDbError.self) { try await catalog.popularMovies(page: 0) }
        await #expect(throws: TMDbError.self) { try await catalog.multiSearch(query: "a", page: 501) }
        await #expect(throws: TMDbError.self) { try await catalog.discoverMovies(DiscoverFilter(page: -3)) }
    }

    @Test func unreleasedMovieHasNilDatesAndPaths() async throws {
        let hits = try await catalog.multiSearch(query: "Untitled Lighthouse Sequel", page: 1)
        guard case .movie(let item) = try #require(hits.results.first) else {
            Issue.record("expected a movie")
            return
        }
        let movie = try await catalog.movieDetails(id: item.id)
        #expect(movie.releaseDate == nil)
        #expect(movie.posterPath == nil)
        #expect(movie.homepage == nil)
        #expect(movie.tagline == nil)
        #expect(movie.runtime == nil)
    }

    @Test func corruptCatalogDataIsADecodingError() async {
        let broken = OfflineCatalog(
            data: Data(#"{"movie_genres": [], "tv_genres": [], "movies": [{}], "tv": []}"#.utf8))
        await #expect {
            try await broken.movieGenres()
        } throws: { error in
            guard case .decoding(let failure) = error as? TMDbError else { return false }
            return failure.codingPath == "movies[0].details"
        }
    }
}
