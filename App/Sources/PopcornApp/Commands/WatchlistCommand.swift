import ArgumentParser
import MoviesDomain
import MoviesInfrastructure

/// `popcorn watchlist list | add ID | remove ID`
struct WatchlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watchlist",
        abstract: "The movies you want to watch.",
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the watchlist, most recent first.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.moviesFactory()
            try factory.stores.open(MoviesInfrastructureFactory.watchlistStore, onFailure: .throwing)
            try factory.stores.open(MoviesInfrastructureFactory.cacheStore, onFailure: .throwing)
            let entries = try await factory.makeWatchlistRepository().movies()
            let movies = factory.makeMovieRepository()
            var table = Table([
                .init(key: "id", title: "ID", alignRight: true), .init(key: "title", title: "TITLE"),
                .init(key: "added", title: "ADDED"),
            ])
            for entry in entries {
                // A title that cannot be fetched now does not hide the entry.
                let title = (try? await movies.movie(withID: entry.movieID).title) ?? "(unavailable)"
                table.append([String(entry.movieID), title, Formatting.timestamp(entry.createdAt)])
            }
            if entries.isEmpty, !environment.output.json {
                environment.output.message("Your watchlist is empty. Add a movie with: popcorn watchlist add ID")
            } else {
                environment.output.table(table)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a movie to the watchlist.")
        @Argument(help: "The movie's id.") var id: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.id(id) }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.moviesFactory()
            try factory.stores.open(MoviesInfrastructureFactory.cacheStore, onFailure: .throwing)
            try factory.stores.open(MoviesInfrastructureFactory.watchlistStore, onFailure: .throwing)
            let movie = try await factory.makeMovieRepository().movie(withID: id)
            let watchlist = factory.makeWatchlistRepository()
            // Adding a movie already there keeps its entry and its date, and says so.
            let alreadyThere = try await watchlist.contains(movieID: id)
            let entry = try await watchlist.add(movieID: id)
            let added = Formatting.timestamp(entry.createdAt)
            environment.output.message(
                alreadyThere
                    ? "\(movie.title) (\(movie.id)) is already on your watchlist, added on \(added)."
                    : "Added \(movie.title) (\(movie.id)) to your watchlist on \(added).")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a movie from the watchlist.")
        @Argument(help: "The movie's id.") var id: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.id(id) }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.moviesFactory()
            try factory.stores.open(MoviesInfrastructureFactory.watchlistStore, onFailure: .throwing)
            guard try await factory.makeWatchlistRepository().remove(movieID: id) else {
                throw CommandFailure("Movie \(id) is not on your watchlist.")
            }
            environment.output.message("Removed movie \(id) from your watchlist.")
        }
    }
}
