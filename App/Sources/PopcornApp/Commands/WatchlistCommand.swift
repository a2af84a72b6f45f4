import ArgumentParser
import DataPersistenceInfrastructure
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
            let watchlist = environment.watchlistFactory()
            let store = WatchlistInfrastructureFactory.watchlistStore
            var entries: [WatchlistMovie] = []
            if try await UserStoreAccess.openForReading(store, in: watchlist.stores, output: environment.output) {
                entries = try await watchlist.makeWatchlistRepository().movies()
            }
            // The titles: every cached one in one read of the cache, the rest from the
            // catalog or TMDb a few at a time; a title that cannot be had now is null.
            var titles: [Int: String] = [:]
            if !entries.isEmpty {
                titles = try await environment.moviesFactory().makeMovieRepository()
                    .titles(forMovies: entries.map(\.movieID))
            }
            let json = WatchlistJSON(
                movies: entries.map {
                    WatchlistMovieJSON(id: $0.movieID, title: titles[$0.movieID], addedAt: $0.createdAt)
                })
            try environment.output.result(json) {
                guard !json.movies.isEmpty else {
                    print("Your watchlist is empty. Add a movie with: popcorn watchlist add ID")
                    return
                }
                var table = Table([.init(title: "ID", alignRight: true), .init(title: "TITLE"), .init(title: "ADDED")])
                for movie in json.movies {
                    table.append([
                        String(movie.id), movie.title ?? "(unavailable)", Formatting.timestamp(movie.addedAt),
                    ])
                }
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
            let factory = environment.watchlistFactory()
            // Refused before anything is fetched when the watchlist cannot be written.
            try await factory.stores.openForWriting(WatchlistInfrastructureFactory.watchlistStore)
            let movie = try await environment.moviesFactory().makeMovieRepository().movie(withID: id)
            let watchlist = try await factory.makeWatchlistRepository()
            // Adding a movie already there keeps its entry and its date, and says so.
            let alreadyThere = try await watchlist.contains(movieID: id)
            let entry = try await watchlist.add(movieID: id)
            let json = WatchlistAddedJSON(
                id: movie.id, title: movie.title, addedAt: entry.createdAt, alreadyOnWatchlist: alreadyThere)
            try environment.output.result(json) {
                let added = Formatting.timestamp(json.addedAt)
                print(
                    alreadyThere
                        ? "\(json.title) (\(json.id)) is already on your watchlist, added on \(added)."
                        : "Added \(json.title) (\(json.id)) to your watchlist on \(added).")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a movie from the watchlist.")
        @Argument(help: "The movie's id.") var id: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.id(id) }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.watchlistFactory()
            try await factory.stores.openForWriting(WatchlistInfrastructureFactory.watchlistStore)
            guard try await factory.makeWatchlistRepository().remove(movieID: id) else {
                throw CommandFailure.notFound("Movie \(id) is not on your watchlist.")
            }
            try environment.output.result(WatchlistRemovedJSON(id: id, removed: true)) {
                print("Removed movie \(id) from your watchlist.")
            }
        }
    }
}
