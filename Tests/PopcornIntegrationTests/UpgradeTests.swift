import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import PopcornApp
import Testing

@Suite("Upgrading from stores written by earlier versions")
struct UpgradeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fixtures")

    /// Copies a fixture version's data and cache folders where `popcorn` will look.
    func install(_ version: String, into popcorn: PopcornProcess) throws {
        let source = Self.fixtures.appending(path: version)
        try FileManager.default.createDirectory(at: popcorn.root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source.appending(path: "data"), to: popcorn.dataDirectory)
        try FileManager.default.copyItem(at: source.appending(path: "cache"), to: popcorn.cacheDirectory)
    }

    @Test("v1: the old cache is recreated, the watchlist keeps its rows, the legacy history is relocated")
    func fromV1() throws {
        let popcorn = PopcornProcess()
        try install("v1", into: popcorn)

        let popular = try popcorn.run(["movies", "show", "1019"])
        #expect(popular.status == 0, "\(popular.standardError)")
        #expect(popular.standardOutput.contains("The Violin Thief"))
        #expect(!popular.standardOutput.contains("cached by an older version"))
        #expect(popular.standardError.contains("warning"), "the cache was recreated with a warning")

        let movies = try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies
        #expect(Set(movies.map(\.id)) == [1019, 1011, 1031])

        let entries = try popcorn.json(HistoryJSON.self, ["history", "list"]).entries
        #expect(Set(entries.map(\.id)) == [1019, 1014])
        #expect(
            !FileManager.default.fileExists(
                atPath: popcorn.dataDirectory.appending(path: "searchkit-cloudkit.sqlite").path))

        let check = try popcorn.run(["stores", "check"])
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test("a user store written by a newer version is refused and left untouched")
    func newerStore() throws {
        let popcorn = PopcornProcess()
        try install("v1", into: popcorn)
        let store = popcorn.dataDirectory.appending(path: "popcorn-movies-cloudkit.sqlite")
        // Stamp the store as a version 2 would leave it: another shape, version 2.0.0.
        try StoreTampering.makeLookNewer(at: store, version: Schema.Version(2, 0, 0), addingColumn: "note")
        let before = try Data(contentsOf: store)
        let result = try popcorn.run(["watchlist", "list"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("newer than the latest this program knows"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: store) == before)
    }

    @Test("a data folder that cannot be created is a clear error and nothing is deleted")
    func unusableDataFolder() throws {
        let popcorn = PopcornProcess()
        try FileManager.default.createDirectory(at: popcorn.root, withIntermediateDirectories: true)
        let blocker = popcorn.root.appending(path: "not-a-folder")
        try Data("a file where the data folder should be".utf8).write(to: blocker)
        let result = try popcorn.run(["watchlist", "add", "1019"], environment: ["POPCORN_DATA_DIR": blocker.path])
        #expect(result.status == 65)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("not-a-folder"))
        #expect(try Data(contentsOf: blocker) == Data("a file where the data folder should be".utf8))
    }
}
