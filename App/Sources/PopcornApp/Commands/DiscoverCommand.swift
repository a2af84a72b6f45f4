import ArgumentParser
import DiscoverDomain

/// `popcorn discover movies|tv [--genre ID] [--language CODE] [--page N]`
struct DiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Find movies and TV series by genre and original language.",
        subcommands: [Movies.self, TV.self]
    )

    struct Filters: ParsableArguments {
        @Option(name: .customLong("genre"), help: "A genre id; repeat to require several.") var genres: [Int] = []
        @Option(help: "An original language, as an ISO 639-1 code such as en or ja.") var language: String?
        @Option(help: "The page of results, from 1.") var page = 1

        func validate() throws {
            try Validation.page(page)
            for genre in genres { try Validation.id(genre) }
            if let language, language.count != 2 || !language.allSatisfy(\.isLetter) {
                throw ValidationError("--language takes a two-letter code such as en; got '\(language)'.")
            }
        }

        var filter: DiscoverFilter { DiscoverFilter(genreIDs: genres, originalLanguage: language) }
    }

    struct Movies: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Discover movies.")
        @OptionGroup var filters: Filters
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = try environment.discoverFactory()
            let result = try await DiscoverFailures.map { () async throws(DiscoverRepositoryError) in
                try await factory.makeDiscoverMovieRepository().movies(matching: filters.filter, page: filters.page)
            }
            var table = DiscoverTable.make()
            for movie in result.items {
                table.append([
                    String(movie.id), movie.title, Formatting.year(movie.releaseDate), movie.originalLanguage ?? "",
                    Formatting.rating(movie.voteAverage),
                ])
            }
            DiscoverTable.print(table, page: result, noun: "movies", environment: environment)
        }
    }

    struct TV: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tv", abstract: "Discover TV series.")
        @OptionGroup var filters: Filters
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = try environment.discoverFactory()
            let result = try await DiscoverFailures.map { () async throws(DiscoverRepositoryError) in
                try await factory.makeDiscoverTVSeriesRepository().tvSeries(
                    matching: filters.filter, page: filters.page)
            }
            var table = DiscoverTable.make()
            for series in result.items {
                table.append([
                    String(series.id), series.name, Formatting.year(series.firstAirDate),
                    series.originalLanguage ?? "", Formatting.rating(series.voteAverage),
                ])
            }
            DiscoverTable.print(table, page: result, noun: "series", environment: environment)
        }
    }
}

enum DiscoverTable {
    static func make() -> Table {
        Table([
            .init(key: "id", title: "ID", alignRight: true), .init(key: "title", title: "TITLE"),
            .init(key: "year", title: "YEAR"), .init(key: "language", title: "LANG"),
            .init(key: "rating", title: "RATING", alignRight: true),
        ])
    }

    static func print<Item>(_ table: Table, page: DiscoverPage<Item>, noun: String, environment: AppEnvironment) {
        if page.items.isEmpty, !environment.output.json {
            environment.output.message("Nothing matches these filters.")
            return
        }
        environment.output.table(table)
        if !environment.output.json {
            Swift.print("Page \(page.page) of \(page.totalPages) · \(page.totalResults) \(noun)")
        }
    }
}

/// Turns the Discover context's errors into one-line messages.
enum DiscoverFailures {
    static func map<T>(_ body: () async throws(DiscoverRepositoryError) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
