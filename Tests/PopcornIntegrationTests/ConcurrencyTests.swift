import Foundation
import Testing

@Suite("Several processes at once")
struct ConcurrencyTests {
    @Test("eight processes adding to the watchlist at once lose no write and never report a locked database")
    func eightWriters() async throws {
        let popcorn = PopcornProcess()
        var ids: [String] = []
        for page in ["1", "2"] {
            let result = try popcorn.run(["movies", "popular", "--page", page, "--json"])
            let movies = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: String]])
            ids += movies.compactMap { $0["id"] }
        }
        #expect(ids.count >= 32)
        let batches = (0..<8).map { worker in stride(from: worker, to: 32, by: 8).map { ids[$0] } }
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for batch in batches {
                group.addTask {
                    var errors: [String] = []
                    for id in batch {
                        let result = try popcorn.run(["watchlist", "add", id])
                        if result.status != 0 { errors.append(result.standardError) }
                    }
                    return errors
                }
            }
            var all: [String] = []
            for try await errors in group { all += errors }
            return all
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(!failures.joined().contains("locked"))
        let list = try popcorn.run(["watchlist", "list", "--json"])
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: String]])
        #expect(Set(entries.compactMap { $0["id"] }) == Set(ids.prefix(32)))
        #expect(entries.count == 32)
    }
}
