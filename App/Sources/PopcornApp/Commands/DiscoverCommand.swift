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
            let result = try await environment.discoverFactory().makeDiscoverMovieRepository().movies(
                matching: filters.filter, page: filters.page)
            try DiscoverTable.print(
                DiscoverMoviesJSON(result, map: DiscoveredMovieJSON.init), noun: "movies", output: environment.output)
        }
    }

    struct TV: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tv", abstract: "Discover TV series.")
        @OptionGroup var filters: Filters
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let result = try await environment.discoverFactory().makeDiscoverTVSeriesRepository().tvSeries(
                matching: filters.filter, page: filters.page)
            try DiscoverTable.print(
                DiscoverTVSeriesJSON(result, map: DiscoveredTVSeriesJSON.init), noun: "series",
                output: environment.output)
        }
    }
}

/// A discovered movie or series as a row of `discover`'s table.
protocol DiscoverTableRow: Codable, Equatable, Sendable {
    var tableRow: [String] { get }
}

extension DiscoveredMovieJSON: DiscoverTableRow {
    var tableRow: [String] {
        [String(id), title, year.map(String.init) ?? "", originalLanguage ?? "", Formatting.rating(rating)]
    }
}

extension DiscoveredTVSeriesJSON: DiscoverTableRow {
    var tableRow: [String] {
        [String(id), name, year.map(String.init) ?? "", originalLanguage ?? "", Formatting.rating(rating)]
    }
}

/// Prints a page of discovered movies or series.
enum DiscoverTable {
    static func print<Item: DiscoverTableRow>(_ page: PageJSON<Item>, noun: String, output: Output) throws {
        try output.result(page) {
            guard !page.results.isEmpty else {
                Swift.print("Nothing matches these filters.")
                return
            }
            var table = Table([
                .init(title: "ID", alignRight: true), .init(title: "TITLE"), .init(title: "YEAR"),
                .init(title: "LANG"), .init(title: "RATING", alignRight: true),
            ])
            for item in page.results { table.append(item.tableRow) }
            output.table(table)
            Swift.print(Formatting.pageLine(page, noun: noun))
        }
    }
}
