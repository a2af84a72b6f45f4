import ArgumentParser
import MoviesDomain
import MoviesInfrastructure

/// `popcorn movies …`
struct MoviesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movies",
        abstract: "Popular movies, one movie's details, similar movies and recommendations.",
        subcommands: [Popular.self, Show.self, Similar.self, Recommendations.self]
    )

    struct Popular: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List popular movies.")
        @Option(help: "The page of the list, from 1.") var page = 1
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.page(page) }

        func run() async throws {
            try await MovieListPrinter.print(.popular, page: page, options: options)
        }
    }

    struct Similar: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List movies similar to a movie.")
        @Argument(help: "The movie's id.") var id: Int
        @Option(help: "The page of the list, from 1.") var page = 1
        @OptionGroup var options: GlobalOptions

        func validate() throws {
            try Validation.id(id)
            try Validation.page(page)
        }

        func run() async throws {
            try await MovieListPrinter.print(.similar(toMovieID: id), page: page, options: options)
        }
    }

    struct Recommendations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List movies recommended after a movie.")
        @Argument(help: "The movie's id.") var id: Int
        @Option(help: "The page of the list, from 1.") var page = 1
        @OptionGroup var options: GlobalOptions

        func validate() throws {
            try Validation.id(id)
            try Validation.page(page)
        }

        func run() async throws {
            try await MovieListPrinter.print(.recommendations(forMovieID: id), page: page, options: options)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a movie's details and credits.")
        /// The country whose certification (age rating) is shown.
        static let certificationCountry = "US"
        @Argument(help: "The movie's id.") var id: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.id(id) }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.moviesFactory()
            let repository = try await factory.makeMovieRepository()
            let movie = try await repository.movie(withID: id)
            let credits = try await repository.credits(forMovie: id)
            let certification = try await repository.certification(
                forMovie: id, countryCode: Self.certificationCountry)
            let onWatchlist = try await watchlistContains(
                id, factory: environment.watchlistFactory(), output: environment.output)
            let details = MovieDetailsJSON(
                movie, credits: credits, certification: certification,
                certificationCountry: Self.certificationCountry, onWatchlist: onWatchlist)
            try environment.output.result(details) { environment.output.record(Self.fields(of: details)) }
        }

        /// Whether the movie is on the watchlist; reading it needs no write access.
        private func watchlistContains(
            _ id: Int, factory: WatchlistInfrastructureFactory, output: Output
        ) async throws -> Bool {
            let store = WatchlistInfrastructureFactory.watchlistStore
            guard try await UserStoreAccess.openForReading(store, in: factory.stores, output: output) else {
                return false
            }
            return try await factory.makeWatchlistRepository().contains(movieID: id)
        }

        static func fields(of movie: MovieDetailsJSON) -> [(label: String, value: String)] {
            [
                ("ID", String(movie.id)),
                ("Title", movie.title),
                ("Released", movie.releaseDate?.description ?? ""),
                ("Runtime", movie.runtime.map { "\($0) min" } ?? ""),
                ("Rated (\(movie.certificationCountry))", movie.certification ?? ""),
                ("Genres", movie.genres.map(\.name).joined(separator: ", ")),
                ("Rating", "\(Formatting.rating(movie.rating)) (\(movie.voteCount) votes)"),
                ("Tagline", movie.tagline ?? ""),
                ("Overview", movie.overview ?? ""),
                (
                    "Directed by",
                    movie.credits.crew.filter { $0.job == "Director" }.map(\.name).joined(separator: ", ")
                ),
                ("Starring", Formatting.billing(movie.credits.cast)),
                ("Collection", movie.collection?.name ?? ""),
                ("On watchlist", movie.onWatchlist ? "yes" : "no"),
            ]
        }
    }
}

/// Prints a page of a movie list.
enum MovieListPrinter {
    static func print(_ list: MovieList, page: Int, options: GlobalOptions) async throws {
        let environment = AppEnvironment(options: options)
        let factory = environment.moviesFactory()
        let result = try await factory.makeMovieListRepository().page(page, of: list)
        let json = MovieListJSON(
            page: result.page, totalPages: result.totalPages, totalResults: result.totalResults,
            results: result.movies.map(MovieSummaryJSON.init))
        try environment.output.result(json) {
            var table = Table([
                .init(title: "ID", alignRight: true), .init(title: "TITLE"), .init(title: "YEAR"),
                .init(title: "RATING", alignRight: true),
            ])
            for movie in json.results {
                table.append([
                    String(movie.id), movie.title, movie.year.map(String.init) ?? "", Formatting.rating(movie.rating),
                ])
            }
            environment.output.table(table)
            Swift.print(Formatting.pageLine(json, noun: "movies"))
        }
    }
}
