import Foundation
import Testing

@testable import TMDb

@Suite("Decoding TMDb response shapes")
struct DecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    @Test func movieDetails() throws {
        let movie = try decode(Movie.self, Fixtures.movieDetails)
        #expect(movie.id == 550)
        #expect(movie.title == "Harbour Lights")
        #expect(movie.originalTitle == "Harbour Lights Original")
        #expect(movie.releaseDate == day(1999, 10, 15))
        #expect(movie.runtime == 139)
        #expect(movie.genres.map(\.name) == ["Drama", "Thriller"])
        #expect(movie.productionCompanies.first?.logoPath == nil)
        #expect(movie.productionCountries.first?.countryCode == "US")
        #expect(movie.spokenLanguages.first?.englishName == "English")
        #expect(movie.belongsToCollection?.name == "Harbour Collection")
        #expect(movie.belongsToCollection?.posterPath == nil)
        #expect(movie.belongsToCollection?.backdropPath == nil)
        #expect(movie.homepage == nil)
        #expect(movie.imdbID == "tt0000550")
        #expect(movie.tagline == "Every light has a keeper.")
        #expect(movie.budget == 63_000_000)
        #expect(movie.revenue == 100_853_753)
        #expect(movie.voteAverage == 8.4)
        #expect(movie.voteCount == 26_280)
        #expect(movie.listItem.genreIDs == [18, 53])
    }

    @Test func sparseMovieDetailsBecomeNilOrDefaults() throws {
        let movie = try decode(Movie.self, Fixtures.sparseMovieDetails)
        #expect(movie.id == 9001)
        #expect(movie.releaseDate == nil)
        #expect(movie.runtime == nil)
        #expect(movie.posterPath == nil)
        #expect(movie.backdropPath == nil)
        #expect(movie.homepage == nil)
        #expect(movie.imdbID == nil)
        #expect(movie.tagline == nil)
        #expect(movie.status == nil)
        #expect(movie.belongsToCollection == nil)
        #expect(movie.genres.isEmpty)
        #expect(movie.overview.isEmpty)
        #expect(movie.originalTitle.isEmpty)
        #expect(movie.budget == 0)
        #expect(movie.voteAverage == 0)
    }

    @Test func missingIDIsAnError() throws {
        #expect(throws: DecodingError.self) {
            try decode(Movie.self, #"{"title": "No id"}"#)
        }
    }

    @Test func pageOfMovies() throws {
        let page = try decode(TMDbPage<MovieListItem>.self, Fixtures.popularPage)
        #expect(page.page == 2)
        #expect(page.totalPages == 500)
        #expect(page.totalResults == 10_000)
        #expect(page.results.map(\.id) == [1, 2, 3, 4])
        #expect(page.results[0].releaseDate == day(2021, 7, 2))
        #expect(page.results[0].genreIDs == [28, 12])
        #expect(page.results[0].backdropPath == nil)
        #expect(page.results[1].releaseDate == nil)
        #expect(page.results[1].posterPath == nil)
        #expect(page.results[2].releaseDate == nil)
        #expect(page.results[3].releaseDate == nil)
        #expect(page.results[3].genreIDs.isEmpty)
    }

    @Test func credits() throws {
        let credits = try decode(Credits.self, Fixtures.credits)
        #expect(credits.id == 550)
        #expect(credits.cast.count == 2)
        #expect(credits.cast[0].character == "The Keeper")
        #expect(credits.cast[0].order == 0)
        #expect(credits.cast[0].profilePath == "/ivo.jpg")
        #expect(credits.cast[1].profilePath == nil)
        #expect(credits.cast[1].character.isEmpty)
        #expect(credits.crew.map(\.job) == ["Director", "Screenplay"])
        #expect(credits.crew[0].department == "Directing")
        #expect(credits.crew[0].profilePath == nil)
        #expect(credits.directors.map(\.name) == ["Mara Dubois"])
    }

    @Test func images() throws {
        let images = try decode(ImageCollection.self, Fixtures.images)
        #expect(images.posters.count == 2)
        #expect(images.backdrops.first?.languageCode == nil)
        #expect(images.backdrops.first?.width == 3840)
        #expect(images.logos.first?.filePath == "/l.png")
        #expect(images.posters[0].aspectRatio == 0.667)
        #expect(images.posters[1].aspectRatio == 1_000.0 / 1_500.0)
        #expect(images.posters[1].voteCount == 0)
    }

    @Test func releaseDatesAndCertification() throws {
        let dates = try decode(ReleaseDates.self, Fixtures.releaseDates)
        #expect(dates.results.map(\.countryCode) == ["DE", "US"])
        let us = try #require(dates.results.last)
        #expect(us.releaseDates[1].type == .theatrical)
        #expect(us.releaseDates[1].releaseDate == day(1999, 10, 15))
        #expect(us.releaseDates[0].languageCode == nil)
        #expect(us.releaseDates[0].note == nil)
        #expect(dates.certification(forCountry: "US") == "R")
        #expect(dates.certification(forCountry: "us") == "R")
        #expect(dates.certification(forCountry: "DE") == nil)
        #expect(dates.certification(forCountry: "FR") == nil)
    }

    @Test func tvSeries() throws {
        let series = try decode(TVSeries.self, Fixtures.tvSeries)
        #expect(series.name == "Harbour Watch")
        #expect(series.firstAirDate == day(2011, 4, 17))
        #expect(series.lastAirDate == nil)
        #expect(series.numberOfSeasons == 2)
        #expect(series.seasons.map(\.seasonNumber) == [0, 1, 2])
        #expect(series.seasons[0].airDate == nil)
        #expect(series.seasons[0].posterPath == nil)
        #expect(series.seasons[2].airDate == nil)
        #expect(series.seasons[2].overview.isEmpty)
        #expect(series.genres.map(\.id) == [10765, 18])
        #expect(series.networks.first?.name == "Channel Nine North")
        #expect(series.backdropPath == nil)
        #expect(series.homepage == nil)
        #expect(series.tagline == nil)
        #expect(series.listItem.genreIDs == [10765, 18])
    }

    @Test func tvSeasonWithEpisodes() throws {
        let season = try decode(TVSeason.self, Fixtures.tvSeason)
        #expect(season.seasonNumber == 1)
        #expect(season.episodes.map(\.episodeNumber) == [1, 2])
        #expect(season.episodes[0].crew.first?.job == "Director")
        #expect(season.episodes[0].guestStars.first?.character == "Visitor")
        #expect(season.episodes[0].airDate == day(2011, 4, 17))
        #expect(season.episodes[1].airDate == nil)
        #expect(season.episodes[1].runtime == nil)
        #expect(season.episodes[1].stillPath == nil)
        #expect(season.episodes[1].crew.isEmpty)
    }

    @Test func tvEpisode() throws {
        let episode = try decode(TVEpisode.self, Fixtures.tvEpisode)
        #expect(episode.episodeNumber == 3)
        #expect(episode.airDate == nil)
        #expect(episode.overview.isEmpty)
        #expect(episode.stillPath == nil)
    }

    @Test func multiSearchIsTaggedByMediaType() throws {
        let page = try decode(TMDbPage<MultiSearchResult>.self, Fixtures.multiSearch)
        #expect(page.results.count == 3)
        guard case .movie(let movie) = page.results[0] else {
            Issue.record("expected a movie")
            return
        }
        #expect(movie.title == "Harbour Lights")
        guard case .tv(let series) = page.results[1] else {
            Issue.record("expected a series")
            return
        }
        #expect(series.firstAirDate == nil)
        guard case .person(let person) = page.results[2] else {
            Issue.record("expected a person")
            return
        }
        #expect(person.knownForDepartment == "Acting")
        #expect(person.profilePath == nil)
        #expect(page.results.map(\.displayName) == ["Harbour Lights", "Harbour Watch", "Ivo Novak"])
    }

    @Test func unknownMediaTypeNamesTheField() {
        let json = #"{"page": 1, "results": [{"id": 1, "media_type": "collection"}]}"#
        #expect {
            try TMDbResponseDecoder().decode(TMDbPage<MultiSearchResult>.self, from: Data(json.utf8))
        } throws: { error in
            (error as? TMDbDecodingFailure)?.codingPath == "results[0].media_type"
        }
    }

    @Test func genreList() throws {
        let list = try decode(GenreList.self, Fixtures.genres)
        #expect(list.genres.map(\.id) == [28, 12, 18])
    }

    @Test func malformedBodyNamesCodingPath() {
        #expect {
            try TMDbResponseDecoder().decode(
                TMDbPage<MovieListItem>.self, from: Data(Fixtures.malformedPopularPage.utf8))
        } throws: { error in
            guard let failure = error as? TMDbDecodingFailure else { return false }
            return failure.codingPath == "results[3].release_date" && failure.field == "release_date"
        }
    }

    @Test func invalidDateStringNamesCodingPath() {
        let json = #"{"page": 1, "results": [{"id": 1, "release_date": "2020-13-45"}]}"#
        #expect {
            try TMDbResponseDecoder().decode(TMDbPage<MovieListItem>.self, from: Data(json.utf8))
        } throws: { error in
            (error as? TMDbDecodingFailure)?.codingPath == "results[0].release_date"
        }
    }

    @Test func missingRequiredKeyNamesCodingPath() {
        let json = """
            {"id": 1, "season_number": 1, "episodes": [{"id": 2, "episode_number": 1, "season_number": 1}, {"id": 3}]}
            """
        #expect {
            try TMDbResponseDecoder().decode(TVSeason.self, from: Data(json.utf8))
        } throws: { error in
            guard let failure = error as? TMDbDecodingFailure else { return false }
            return failure.codingPath == "episodes[1].episode_number" && failure.field == "episode_number"
        }
    }

    @Test(arguments: [
        ("2019-10-04", 1_570_147_200.0),
        ("1970-01-01", 0.0),
        ("2000-02-29", 951_782_400.0),
        ("2019-10-04T00:00:00.000Z", 1_570_147_200.0),
        ("2019-10-04T12:30:15Z", 1_570_147_200.0 + 45_015),
        ("2019-10-04T02:00:00+02:00", 1_570_147_200.0),
    ])
    func datesParse(text: String, seconds: Double) {
        #expect(TMDbDateParser.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: ["", "2019", "2019-13-01", "2019-02-30", "2019-1-01", "yesterday", "2019-10-04T25:00:00Z"])
    func invalidDatesAreRejected(text: String) {
        #expect(TMDbDateParser.parse(text) == nil)
    }
}
