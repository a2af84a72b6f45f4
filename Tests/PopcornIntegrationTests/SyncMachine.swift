import Foundation
import PopcornApp
import SearchDomain
import Testing

/// A "machine" for the sync tests: a `popcorn` data folder, its watchlist and search
/// history read and filled through the Movies and Search contexts (as fast as a test
/// needs for 10,000 entries), and `popcorn sync` run against a test server.
final class SyncMachine: Sendable {
    let popcorn = PopcornProcess()

    /// Runs `popcorn sync` (or `sync ARGUMENTS`) with the server in POPCORN_SYNC_URL.
    @discardableResult
    func sync(_ url: String, _ arguments: [String] = [], verbose: Bool = false) throws -> PopcornProcess.Result {
        try popcorn.run(["sync"] + arguments + (verbose ? ["-v"] : []), environment: ["POPCORN_SYNC_URL": url])
    }

    /// `popcorn sync --json`, decoded and checked against the README's example; records
    /// an issue when it fails, or when its digest check found the machine and the server
    /// different (a divergence).
    func syncJSON(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SyncResultJSON {
        let result = try sync(url, ["--json"])
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        let decoded = try JSONContract().decode(
            "SyncResultJSON", as: SyncResultJSON.self, from: result.standardOutput, sourceLocation: sourceLocation)
        for store in decoded.stores {
            #expect(
                store.digest.repaired == 0 && store.digest.unresolved == 0, "\(store.store): \(store.digest)",
                sourceLocation: sourceLocation)
        }
        return decoded
    }

    /// The watchlist's movie ids, sorted; fails the test on a duplicate.
    func watchlist() async throws -> [Int] {
        let ids = try await LocalUserStores(popcorn).watchlist.movies().map(\.movieID)
        #expect(Set(ids).count == ids.count, "duplicate watchlist entries: \(ids.count - Set(ids).count)")
        return ids.sorted()
    }

    func add(_ ids: some Sequence<Int>) async throws {
        let repository = try await LocalUserStores(popcorn).watchlist
        for id in ids { _ = try await repository.add(movieID: id) }
    }

    func remove(_ ids: some Sequence<Int>) async throws {
        let repository = try await LocalUserStores(popcorn).watchlist
        for id in ids { try await repository.remove(movieID: id) }
    }

    /// The movie ids of the search history, sorted; fails the test on a duplicate entry
    /// or an entry that is not a movie.
    func history() async throws -> [Int] {
        let entries = try await LocalUserStores(popcorn).history.entries()
        #expect(entries.allSatisfy { $0.kind == .movie }, "only movies were picked")
        let ids = entries.map(\.mediaID)
        #expect(Set(ids).count == ids.count, "duplicate history entries: \(ids.count - Set(ids).count)")
        return ids.sorted()
    }

    /// Records movies in the search history, as `popcorn search --pick` does.
    func pick(_ ids: some Sequence<Int>) async throws {
        let repository = try await LocalUserStores(popcorn).history
        for id in ids {
            try await repository.add(MediaSearchHistoryEntry(mediaID: id, kind: .movie, timestamp: Date()))
        }
    }

    /// Removes movies from the search history.
    func forget(_ ids: some Sequence<Int>) async throws {
        let repository = try await LocalUserStores(popcorn).history
        for id in ids { try await repository.remove(mediaID: id, kind: .movie) }
    }
}
