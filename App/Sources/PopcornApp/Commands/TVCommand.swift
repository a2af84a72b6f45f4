import ArgumentParser
import TVSeriesDomain

/// `popcorn tv show ID` and `popcorn tv season ID NUMBER`
struct TVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tv",
        abstract: "A TV series and its seasons.",
        subcommands: [Show.self, Season.self]
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a TV series, its seasons and cast.")
        @Argument(help: "The series' id.") var id: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws { try Validation.id(id) }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let repository = try await environment.tvSeriesFactory().makeTVSeriesRepository()
            let notFound = CommandFailure.notFound("No TV series with id \(id).")
            let series = try await TVFailures.map(notFound) { () async throws(TVSeriesRepositoryError) in
                try await repository.tvSeries(withID: id)
            }
            let credits = try await TVFailures.map(notFound) { () async throws(TVSeriesRepositoryError) in
                try await repository.credits(forTVSeries: id)
            }
            let json = TVSeriesDetailsJSON(series, credits: credits)
            try environment.output.result(json) {
                environment.output.record([
                    ("ID", String(json.id)),
                    ("Name", json.name),
                    ("First aired", json.firstAirDate?.description ?? ""),
                    ("Status", json.status ?? ""),
                    ("Genres", json.genres.map(\.name).joined(separator: ", ")),
                    ("Rating", "\(Formatting.rating(json.rating)) (\(json.voteCount) votes)"),
                    ("Overview", json.overview ?? ""),
                    (
                        "Seasons",
                        json.seasons.map { "\($0.seasonNumber): \($0.name) (\($0.episodeCount) episodes)" }
                            .joined(separator: "; ")
                    ),
                    ("Starring", Formatting.billing(json.credits.cast)),
                ])
            }
        }
    }

    struct Season: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the episodes of one season.")
        @Argument(help: "The series' id.") var id: Int
        @Argument(help: "The season's number (0 for specials).") var number: Int
        @OptionGroup var options: GlobalOptions

        func validate() throws {
            try Validation.id(id)
            guard number >= 0 else { throw ValidationError("A season number is 0 or more; got \(number).") }
        }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let repository = try await environment.tvSeriesFactory().makeTVSeasonRepository()
            let season = try await TVFailures.map(.notFound("No season \(number) of TV series \(id).")) {
                () async throws(TVSeriesRepositoryError) in
                try await repository.season(number, ofTVSeries: id)
            }
            let json = TVSeasonJSON(season)
            try environment.output.result(json) {
                var table = Table([
                    .init(title: "EP", alignRight: true), .init(title: "NAME"), .init(title: "AIRED"),
                    .init(title: "MIN", alignRight: true), .init(title: "RATING", alignRight: true),
                ])
                for episode in json.episodes {
                    table.append([
                        String(episode.episodeNumber), episode.name, episode.airDate?.description ?? "",
                        episode.runtime.map(String.init) ?? "", Formatting.rating(episode.rating),
                    ])
                }
                print("\(json.name) · \(json.episodes.count) episodes")
                environment.output.table(table)
            }
        }
    }
}

/// Turns the TVSeries context's errors into one-line messages: `notFound` for a missing
/// series or season, a network failure otherwise.
enum TVFailures {
    static func map<T>(_ notFound: CommandFailure, _ body: () async throws(TVSeriesRepositoryError) -> T)
        async throws -> T
    {
        do {
            return try await body()
        } catch .notFound {
            throw notFound
        } catch {
            throw CommandFailure(error.description, status: .network)
        }
    }
}
