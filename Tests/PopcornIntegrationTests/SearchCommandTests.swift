import Foundation
import PopcornApp
import Testing

@Suite("popcorn search and history")
struct SearchCommandTests {
    @Test("a picked result is recorded in the history, which survives between runs and can be cleared")
    func pickAndHistory() throws {
        let popcorn = PopcornProcess()
        let search = try popcorn.run(["search", "violin", "--pick", "1"])
        #expect(search.status == 0, "\(search.standardError)")
        #expect(search.standardOutput.contains("Recorded The Violin Thief"))
        let entries = try popcorn.json(HistoryJSON.self, ["history", "list"]).entries
        #expect(entries.map(\.id) == [1019])
        #expect(entries.first?.kind == "movie")
        #expect(try popcorn.run(["history", "clear"]).standardOutput.contains("Cleared 1 history entry."))
        #expect(try popcorn.json(HistoryJSON.self, ["history", "list"]).entries.isEmpty)
    }

    @Test("an empty query is one line and a non-zero exit")
    func emptyQuery() throws {
        let result = try PopcornProcess().run(["search", "   "])
        #expect(result.status != 0)
        #expect(result.standardError == "popcorn: Type something to search for: the search query is empty.\n")
    }

    @Test("a legacy searchkit-cloudkit.sqlite is relocated with every row on first use")
    func legacyRelocation() throws {
        let popcorn = PopcornProcess()
        _ = try popcorn.run(["search", "violin", "--pick", "1"])
        _ = try popcorn.run(["search", "tram", "--pick", "1"])
        let current = popcorn.dataDirectory.appending(path: "popcorn-search-cloudkit.sqlite")
        let legacy = popcorn.dataDirectory.appending(path: "searchkit-cloudkit.sqlite")
        try FileManager.default.moveItem(at: current, to: legacy)
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: current.path + suffix)
        }
        let entries = try popcorn.json(HistoryJSON.self, ["history", "list"]).entries
        #expect(Set(entries.map(\.id)) == [1019, 1014])
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(FileManager.default.fileExists(atPath: current.path))
    }
}
