import Foundation
import Testing

@Suite("popcorn, end to end")
struct CommandLineTests {
    @Test("popular movies come from the offline catalog on a fresh machine")
    func popularOffline() throws {
        let popcorn = PopcornProcess()
        let result = try popcorn.run(["movies", "popular"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("  ID  TITLE") == true)
        #expect(lines.count >= 21, "a page of 20 movies and the page line")
        #expect(result.standardError.isEmpty)
        #expect(
            FileManager.default.fileExists(atPath: popcorn.cacheDirectory.appending(path: "popcorn-movies.sqlite").path)
        )
    }

    @Test("the watchlist keeps movies between runs, newest first, and --json is parseable")
    func watchlist() throws {
        let popcorn = PopcornProcess()
        let popular = try popcorn.run(["movies", "popular", "--json"])
        let movies = try #require(
            try JSONSerialization.jsonObject(with: Data(popular.standardOutput.utf8)) as? [[String: String]])
        let ids = movies.prefix(2).compactMap { $0["id"] }
        #expect(ids.count == 2)
        for id in ids {
            let add = try popcorn.run(["watchlist", "add", id])
            #expect(add.status == 0)
            #expect(add.standardOutput.hasPrefix("Added "))
        }
        // Adding one again keeps one entry and says it was there.
        let twice = try popcorn.run(["watchlist", "add", ids[1]])
        #expect(twice.status == 0)
        #expect(twice.standardOutput.contains("(\(ids[1])) is already on your watchlist, added on "))
        let list = try popcorn.run(["watchlist", "list", "--json"])
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: String]])
        #expect(entries.compactMap { $0["id"] }.sorted() == ids.sorted())
        #expect(try popcorn.run(["watchlist", "remove", ids[0]]).status == 0)
        let again = try popcorn.run(["watchlist", "remove", ids[0]])
        #expect(again.status != 0)
        #expect(again.standardError == "popcorn: Movie \(ids[0]) is not on your watchlist.\n")
    }

    @Test(
        "bad input is one line on standard error and a non-zero exit",
        arguments: [
            ["frobnicate"], ["movies", "show"], ["movies", "show", "abc"], ["movies", "show", "-5"],
            ["movies", "show", "999999"], ["movies", "popular", "--page", "0"], ["watchlist", "add", "x"],
        ])
    func badInput(arguments: [String]) throws {
        let result = try PopcornProcess().run(arguments)
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("popcorn: "))
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(!result.standardError.contains("Stack"))
    }

    @Test("stores status lists the five stores")
    func storesStatus() throws {
        let popcorn = PopcornProcess()
        _ = try popcorn.run(["watchlist", "add", "1019"])
        let result = try popcorn.run(["stores", "status", "--json"])
        #expect(result.status == 0)
        let stores = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(stores.count == 5)
        let watchlist = try #require(stores.first { $0["store"] as? String == "popcorn-movies-cloudkit.sqlite" })
        #expect(watchlist["version"] as? String == "1.0.0")
        #expect((watchlist["rows"] as? [String: Int])?["MoviesWatchlistMovieEntity"] == 1)
        #expect(stores.first { $0["store"] as? String == "popcorn-tvseries.sqlite" }?["state"] as? String == "missing")
    }
}
