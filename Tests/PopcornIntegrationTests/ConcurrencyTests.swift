import Foundation
import PopcornApp
import PopcornTestSupport
import Testing

@Suite("Several processes at once")
struct ConcurrencyTests {
    @Test("eight processes adding to the watchlist and the history at once lose no write, and no database is locked")
    func eightWriters() async throws {
        let popcorn = PopcornProcess()
        var movies: [(id: String, title: String)] = []
        for page in ["1", "2"] {
            let result = try popcorn.json(MovieListJSON.self, ["movies", "popular", "--page", page])
            movies += result.results.map { (String($0.id), $0.title) }
        }
        #expect(movies.count >= 32)
        let batches = (0..<8).map { worker in stride(from: worker, to: 32, by: 8).map { movies[$0] } }
        let outcome: (errors: [String], picked: [String]) = try await withThrowingTaskGroup(
            of: (errors: [String], picked: [String]).self
        ) { group in
            for batch in batches {
                group.addTask {
                    var errors: [String] = []
                    var picked: [String] = []
                    for movie in batch {
                        let add = try popcorn.run(["watchlist", "add", movie.id])
                        if add.status != 0 { errors.append(add.standardError) }
                        let search = try popcorn.run(["search", movie.title, "--pick", "1"])
                        if search.status != 0 { errors.append(search.standardError) }
                        if let line = search.standardOutput.split(separator: "\n").last(where: {
                            $0.hasPrefix("Recorded ")
                        }) {
                            picked.append(String(line))
                        }
                    }
                    return (errors, picked)
                }
            }
            var errors: [String] = []
            var picked: [String] = []
            for try await result in group {
                errors += result.errors
                picked += result.picked
            }
            return (errors, picked)
        }
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(!outcome.errors.joined().contains("locked"))
        let entries = try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies
        #expect(Set(entries.map { String($0.id) }) == Set(movies.prefix(32).map(\.id)))
        #expect(entries.count == 32)
        let picks = try popcorn.json(HistoryJSON.self, ["history", "list"]).entries
        #expect(outcome.picked.count == 32)
        #expect(picks.count == Set(outcome.picked).count, "one history entry per picked media")
    }

    @Test("eight processes adding the same movie at once leave one watchlist entry, in the list and in the store")
    func sameMovieFromEightProcesses() throws {
        let popcorn = PopcornProcess()
        let movieIDs = ["1019", "1011", "1031", "1014", "1002"]
        // Stores created and movies cached first, so that each process goes straight to
        // the watchlist; then the eight are released together.
        for id in movieIDs {
            #expect(try popcorn.run(["movies", "show", id]).status == 0)
        }
        #expect(try popcorn.run(["watchlist", "list"]).status == 0)
        for id in movieIDs {
            let results = try popcorn.runTogether(["watchlist", "add", id], count: 8)
            #expect(results.count == 8)
            #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.standardError))")
        }
        let entries = try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies
        #expect(entries.map { String($0.id) }.sorted() == movieIDs.sorted())
        let rows = try StoreReading.rowCount(of: "MoviesWatchlistMovieEntity", at: popcorn.watchlistStore)
        #expect(rows == movieIDs.count, "one row per movie in the store")
    }
}
