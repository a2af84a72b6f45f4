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
            let factory = try environment.tvSeriesFactory()
            let notFound = CommandFailure("No TV series with id \(id).")
            let series = try await TVFailures.map(notFound) { () async throws(TVSeriesRepositoryError) in
                try await factory.makeTVSeriesRepository().tvSeries(withID: id)
            }
            let credits = try await TVFailures.map(notFound) { () async throws(TVSeriesRepositoryError) in
                try await factory.makeTVSeriesRepository().credits(forTVSeries: id)
            }
            environment.output.record([
                ("id", "ID", String(series.id)),
                ("name", "Name", series.name),
                ("firstAired", "First aired", Formatting.day(series.firstAirDate)),
                ("status", "Status", series.status ?? ""),
                ("genres", "Genres", series.genres.map(\.name).joined(separator: ", ")),
                ("rating", "Rating", "\(Formatting.rating(series.voteAverage)) (\(series.voteCount) votes)"),
                ("overview", "Overview", series.overview ?? ""),
                (
                    "seasons", "Seasons",
                    series.seasons.map { "\($0.seasonNumber): \($0.name) (\($0.episodeCount) episodes)" }
                        .joined(separator: "; ")
                ),
                (
                    "cast", "Starring",
                    credits.billedCast.prefix(5).map { member in
                        member.character.map { "\(member.name) (\($0))" } ?? member.name
                    }.joined(separator: ", ")
                ),
            ])
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
            let factory = try environment.tvSeriesFactory()
            let season = try await TVFailures.map(CommandFailure("No season \(number) of TV series \(id).")) {
                () async throws(TVSeriesRepositoryError) in
                try await factory.makeTVSeasonRepository().season(number, ofTVSeries: id)
            }
            var table = Table([
                .init(key: "episode", title: "EP", alignRight: true), .init(key: "name", title: "NAME"),
                .init(key: "aired", title: "AIRED"), .init(key: "runtime", title: "MIN", alignRight: true),
                .init(key: "rating", title: "RATING", alignRight: true),
            ])
            for episode in season.episodes {
                table.append([
                    String(episode.episodeNumber), episode.name, Formatting.day(episode.airDate),
                    episode.runtime.map(String.init) ?? "", Formatting.rating(episode.voteAverage),
                ])
            }
            if !environment.output.json { print("\(season.name) · \(season.episodes.count) episodes") }
            environment.output.table(table)
        }
    }
}

/// Turns the TVSeries context's errors into one-line messages.
enum TVFailures {
    static func map<T>(_ notFound: CommandFailure, _ body: () async throws(TVSeriesRepositoryError) -> T)
        async throws -> T
    {
        do {
            return try await body()
        } catch .notFound {
            throw notFound
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
