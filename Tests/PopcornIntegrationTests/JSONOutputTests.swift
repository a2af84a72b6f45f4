import Foundation
import PopcornApp
import Testing

/// `--json`: one typed object per command, as the README shows it.
@Suite("popcorn --json")
struct JSONOutputTests {
    @Test("every README example decodes into its type, and every type has an example")
    func examplesDecode() throws {
        let contract = try JSONContract()
        #expect(Set(contract.examples.keys) == Set(JSONContract.types.keys))
        for (name, example) in contract.examples.sorted(by: { $0.key < $1.key }) {
            let type = try #require(JSONContract.types[name])
            #expect(throws: Never.self, "the README's \(name)") {
                _ = try PopcornJSON.decoder().decode(type, from: Data(example.utf8))
            }
            #expect(try JSONValue(parsing: example).keysOutOfStyle().isEmpty, "the README's \(name) keys")
        }
    }

    @Test("the key-style check finds keys that are not camelCase, at any depth")
    func keyStyle() throws {
        let good = #"{"id": 1, "imdbID": "tt1", "genreIDs": [2], "credits": {"cast": [{"order": 0}]}, "tmdb3": null}"#
        #expect(try JSONValue(parsing: good).keysOutOfStyle().isEmpty)
        let bad = #"{"movie_id": 1, "Title": "x", "results": [{"release-date": "2017"}], "a": {"2b": 0, "": 1}}"#
        #expect(
            try JSONValue(parsing: bad).keysOutOfStyle()
                == ["$.Title", "$.a.", "$.a.2b", "$.movie_id", "$.results[0].release-date"])
    }

    /// Runs `arguments` with `--json`, expecting success and nothing on standard error.
    func run(
        _ popcorn: PopcornProcess, _ arguments: [String], binary: PopcornProcess.Binary = .popcorn,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try popcorn.run(arguments + ["--json"], binary: binary)
        #expect(result.status == 0, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        return result.standardOutput
    }

    @Test("every command's output decodes into its type and has the shape of the README's example")
    func everyCommand() throws {
        let contract = try JSONContract()
        let popcorn = PopcornProcess()
        var checked: Set<String> = []
        func decode<T: Decodable>(
            _ name: String, as type: T.Type, _ arguments: [String], binary: PopcornProcess.Binary = .popcorn,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> T {
            checked.insert(name)
            let output = try run(popcorn, arguments, binary: binary, sourceLocation: sourceLocation)
            return try contract.decode(name, as: type, from: output, sourceLocation: sourceLocation)
        }

        let popular = try decode("MovieListJSON", as: MovieListJSON.self, ["movies", "popular"])
        #expect(popular.page == 1 && popular.totalResults > popular.results.count && popular.results.count == 20)
        let violinThief = try #require(popular.results.first { $0.id == 1019 })
        #expect(violinThief.year == 2017 && violinThief.releaseDate == CalendarDay(year: 2017, month: 11, day: 3))
        for list in ["similar", "recommendations"] {
            #expect(try !decode("MovieListJSON", as: MovieListJSON.self, ["movies", list, "1019"]).results.isEmpty)
        }

        let movie = try decode("MovieDetailsJSON", as: MovieDetailsJSON.self, ["movies", "show", "1019"])
        #expect(movie.title == "The Violin Thief" && movie.runtime == 117 && movie.certification == "PG-13")
        #expect(movie.genres.map(\.name) == ["Crime", "Music"])
        #expect(movie.credits.crew.contains { $0.job == "Director" } && movie.credits.cast.first?.order == 0)
        #expect(movie.collection == nil && !movie.onWatchlist)

        let series = try decode("TVSeriesDetailsJSON", as: TVSeriesDetailsJSON.self, ["tv", "show", "2004"])
        #expect(series.seasons.count == series.numberOfSeasons && !series.credits.cast.isEmpty)
        let season = try decode("TVSeasonJSON", as: TVSeasonJSON.self, ["tv", "season", "2004", "1"])
        #expect(season.tvSeriesID == 2004 && season.episodes.map(\.episodeNumber) == Array(1...6))

        let discovered = try decode(
            "DiscoverMoviesJSON", as: DiscoverMoviesJSON.self, ["discover", "movies", "--genre", "18"])
        #expect(!discovered.results.isEmpty && discovered.results.allSatisfy { $0.genreIDs.contains(18) })
        let series80 = try decode(
            "DiscoverTVSeriesJSON", as: DiscoverTVSeriesJSON.self, ["discover", "tv", "--genre", "80"])
        #expect(series80.results.allSatisfy { $0.genreIDs.contains(80) })

        let search = try decode("SearchJSON", as: SearchJSON.self, ["search", "violin", "--pick", "1"])
        let recorded = try #require(search.recorded)
        #expect(
            recorded.number == 1 && recorded.kind == "movie" && recorded.id == 1019
                && recorded.name == "The Violin Thief")
        #expect(try decode("SearchJSON", as: SearchJSON.self, ["search", "violin"]).recorded == nil)
        let history = try decode("HistoryJSON", as: HistoryJSON.self, ["history", "list"])
        #expect(history.entries.map(\.id) == [1019] && history.entries.first?.kind == "movie")

        let added = try decode("WatchlistAddedJSON", as: WatchlistAddedJSON.self, ["watchlist", "add", "1019"])
        #expect(added.id == 1019 && added.title == "The Violin Thief" && !added.alreadyOnWatchlist)
        let again = try decode("WatchlistAddedJSON", as: WatchlistAddedJSON.self, ["watchlist", "add", "1019"])
        #expect(again.alreadyOnWatchlist && again.addedAt == added.addedAt)
        _ = try decode("WatchlistAddedJSON", as: WatchlistAddedJSON.self, ["watchlist", "add", "1011"])
        let watchlist = try decode("WatchlistJSON", as: WatchlistJSON.self, ["watchlist", "list"])
        #expect(watchlist.movies.map(\.id) == [1011, 1019], "newest first")
        #expect(watchlist.movies.map(\.title) == ["The Glass Regatta", "The Violin Thief"])
        #expect(try decode("MovieDetailsJSON", as: MovieDetailsJSON.self, ["movies", "show", "1019"]).onWatchlist)
        let removed = try decode(
            "WatchlistRemovedJSON", as: WatchlistRemovedJSON.self, ["watchlist", "remove", "1011"])
        #expect(removed.id == 1011 && removed.removed)

        let status = try decode("StoresStatusJSON", as: StoresStatusJSON.self, ["stores", "status"])
        #expect(status.popcornVersion == PopcornVersion.current)
        #expect(status.stores.map(\.name) == ["movies", "watchlist", "tvseries", "discover", "history"])
        let watchlistStore = try #require(status.stores.first { $0.name == "watchlist" })
        #expect(watchlistStore.kind == "userData" && watchlistStore.schemaVersion == "1.0.0" && watchlistStore.writable)
        #expect(
            watchlistStore.rows.map(\.entity) == ["MoviesWatchlistMovieEntity"] && watchlistStore.rows.first?.count == 1
        )
        #expect((watchlistStore.sizeBytes ?? 0) > 0 && watchlistStore.totalRows == 1)
        let check = try decode("StoresCheckJSON", as: StoresCheckJSON.self, ["stores", "check"])
        #expect(check.problems == 0 && check.stores.allSatisfy { !$0.hasProblems })

        let upToDate = try decode("StoresMigrateJSON", as: StoresMigrateJSON.self, ["stores", "migrate", "--dry-run"])
        #expect(upToDate.dryRun && upToDate.stores.allSatisfy { $0.upToDate && $0.stages.isEmpty })
        // The next release has a V2 of the watchlist: its dry run shows the stage.
        let next = try decode(
            "StoresMigrateJSON", as: StoresMigrateJSON.self, ["stores", "migrate", "--dry-run"], binary: .popcornNext)
        let stage = try #require(next.stores.first { $0.name == "watchlist" }?.stages.first)
        #expect(stage.hasCustomCode && stage.statements.first?.contains("ADD COLUMN") == true)

        let backup = try decode("StoreBackupJSON", as: StoreBackupJSON.self, ["stores", "backup", "watchlist"])
        #expect(FileManager.default.fileExists(atPath: backup.backup))
        let restore = try decode(
            "StoreRestoreJSON", as: StoreRestoreJSON.self, ["stores", "restore", "watchlist", backup.backup])
        #expect(restore.restoredFrom == backup.backup && restore.previousStoreKeptAt != nil)
        let cleared = try decode("HistoryClearedJSON", as: HistoryClearedJSON.self, ["history", "clear"])
        #expect(cleared.cleared == 1)
        let reset = try decode("CachesResetJSON", as: CachesResetJSON.self, ["stores", "reset-caches"])
        #expect(reset.removed.contains("popcorn-movies.sqlite"))

        let syncStatus = try decode("SyncStatusJSON", as: SyncStatusJSON.self, ["sync", "status"])
        #expect(syncStatus.remote == nil && syncStatus.stores.map(\.store) == ["watchlist", "history"])
        #expect(syncStatus.stores.allSatisfy { $0.neverSynced && $0.lastSync == nil && $0.lastRemote == nil })

        // `sync` needs a server: SyncCommandTests checks its output against the contract.
        #expect(
            checked.union(["SyncResultJSON"]) == Set(JSONContract.types.keys),
            "every --json type was checked against a command")
    }

    @Test("a rating compares as a number: jq's select(.rating > 7) keeps the movies a numeric filter keeps")
    func jqComparesNumbers() throws {
        let popcorn = PopcornProcess()
        let output = try run(popcorn, ["movies", "popular"])
        let page = try PopcornJSON.decoder().decode(MovieListJSON.self, from: Data(output.utf8))
        let aboveSeven = page.results.filter { $0.rating > 7 }.map(\.id)
        #expect(!aboveSeven.isEmpty && aboveSeven.count < page.results.count, "the filter keeps some, not all")

        let jq = Process()
        jq.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        jq.arguments = ["jq", "-c", "[.results[] | select(.rating > 7) | .id], ([.results[].year] | max)"]
        let input = Pipe()
        let result = Pipe()
        jq.standardInput = input
        jq.standardOutput = result
        try jq.run()
        input.fileHandleForWriting.write(Data(output.utf8))
        try input.fileHandleForWriting.close()
        let lines = String(decoding: result.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n")
        jq.waitUntilExit()
        #expect(jq.terminationStatus == 0)
        #expect(lines.count == 2)
        // Were ratings strings, `"6.5" > 7` would hold for every movie (jq orders strings
        // after numbers); were years strings, max would compare them as text.
        #expect(try JSONDecoder().decode([Int].self, from: Data((lines.first ?? "").utf8)) == aboveSeven)
        #expect(Int(lines.last ?? "") == page.results.compactMap(\.year).max())
    }
}
