import Foundation
import PopcornApp
import Testing

@Suite("popcorn stores, and damaged files")
struct StoreCommandTests {
    @Test("backup, restore and reset-caches")
    func backupRestoreReset() throws {
        let popcorn = PopcornProcess()
        #expect(try popcorn.run(["watchlist", "add", "1019"]).status == 0)
        let backup = try popcorn.run(["stores", "backup", "watchlist"])
        #expect(backup.status == 0)
        let path = try #require(backup.standardOutput.split(separator: " ").last).trimmingCharacters(in: .newlines)
        #expect(try popcorn.run(["watchlist", "add", "1011"]).status == 0)
        #expect(try popcorn.run(["stores", "restore", "watchlist", path]).status == 0)
        #expect(try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies.map(\.id) == [1019])
        let reset = try popcorn.run(["stores", "reset-caches"])
        #expect(reset.status == 0)
        #expect(reset.standardOutput.contains("popcorn-movies.sqlite"))
        #expect(
            !FileManager.default.fileExists(
                atPath: popcorn.cacheDirectory.appending(path: "popcorn-movies.sqlite").path))
        #expect(try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies.map(\.id) == [1019])
        #expect(try popcorn.run(["stores", "check"]).status == 0)
    }

    @Test("a garbage cache file is recreated with a warning")
    func garbageCache() throws {
        let popcorn = PopcornProcess()
        try FileManager.default.createDirectory(at: popcorn.cacheDirectory, withIntermediateDirectories: true)
        let cache = popcorn.cacheDirectory.appending(path: "popcorn-movies.sqlite")
        try Data(repeating: 0x42, count: 5000).write(to: cache)
        let result = try popcorn.run(["movies", "popular", "-v"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("warning"))
        #expect(result.standardError.contains("popcorn-movies.sqlite"))
    }

    @Test("a garbage user store is left byte-identical and the command fails in one line")
    func garbageUserStore() throws {
        let popcorn = PopcornProcess()
        try FileManager.default.createDirectory(at: popcorn.dataDirectory, withIntermediateDirectories: true)
        let store = popcorn.dataDirectory.appending(path: "popcorn-movies-cloudkit.sqlite")
        let garbage = Data("my watchlist, damaged".utf8)
        try garbage.write(to: store)
        let result = try popcorn.run(["watchlist", "list"])
        #expect(result.status == 65)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("left untouched"))
        #expect(try Data(contentsOf: store) == garbage)
        let check = try popcorn.run(["stores", "check"])
        #expect(check.status == 1)
        #expect(try Data(contentsOf: store) == garbage)
    }

}
