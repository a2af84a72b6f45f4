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
        @Argument(help: "The movie's id.") var id: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.id(id) }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.moviesFactory()
            try factory.stores.open(MoviesInfrastructureFactory.cacheStore, onFailure: .throwing)
            let repository = factory.makeMovieRepository()
            let movie = try await repository.movie(withID: id)
            let credits = try await repository.credits(forMovie: id)
            let certification = try await repository.certification(forMovie: id, countryCode: "US")
            let onWatchlist = try await watchlistContains(id, factory: factory)
            environment.output.record([
                ("id", "ID", String(movie.id)),
                ("title", "Title", movie.title),
                ("released", "Released", Formatting.day(movie.releaseDate)),
                ("runtime", "Runtime", movie.runtime.map { "\($0) min" } ?? ""),
                ("certification", "Rated (US)", certification?.rating ?? ""),
                ("genres", "Genres", movie.genres.map(\.name).joined(separator: ", ")),
                ("rating", "Rating", "\(Formatting.rating(movie.voteAverage)) (\(movie.voteCount) votes)"),
                ("tagline", "Tagline", movie.tagline ?? ""),
                ("overview", "Overview", movie.overview ?? ""),
                ("directors", "Directed by", credits.directors.map(\.name).joined(separator: ", ")),
                (
                    "cast", "Starring",
                    credits.cast.prefix(5).map { member in
                        member.character.map { "\(member.name) (\($0))" } ?? member.name
                    }.joined(separator: ", ")
                ),
                ("collection", "Collection", movie.collection?.name ?? ""),
                ("watchlist", "On watchlist", onWatchlist ? "yes" : "no"),
            ])
        }

        private func watchlistContains(_ id: Int, factory: MoviesInfrastructureFactory) async throws -> Bool {
            try factory.stores.open(MoviesInfrastructureFactory.watchlistStore, onFailure: .throwing)
            return try await factory.makeWatchlistRepository().contains(movieID: id)
        }
    }
}

/// Prints a page of a movie list as a table.
enum MovieListPrinter {
    static func print(_ list: MovieList, page: Int, options: GlobalOptions) async throws {
        let environment = AppEnvironment(options: options)
        let factory = environment.moviesFactory()
        try factory.stores.open(MoviesInfrastructureFactory.cacheStore, onFailure: .throwing)
        let result = try await factory.makeMovieListRepository().page(page, of: list)
        var table = Table([
            .init(key: "id", title: "ID", alignRight: true), .init(key: "title", title: "TITLE"),
            .init(key: "year", title: "YEAR"), .init(key: "rating", title: "RATING", alignRight: true),
        ])
        for movie in result.movies {
            table.append([
                String(movie.id), movie.title, Formatting.year(movie.releaseDate), Formatting.rating(movie.voteAverage),
            ])
        }
        environment.output.table(table)
        if !environment.output.json {
            Swift.print("Page \(result.page) of \(result.totalPages) · \(result.totalResults) movies")
        }
    }
}
