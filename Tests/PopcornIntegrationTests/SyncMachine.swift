import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import MoviesInfrastructure
import PopcornApp
import Testing

/// A "machine" for the sync tests: a `popcorn` data folder, its watchlist read and
/// filled through the Movies context (as fast as a test needs for 10,000 entries), and
/// `popcorn sync` run against a test server.
final class SyncMachine: Sendable {
    let popcorn = PopcornProcess()

    /// Runs `popcorn sync` (or `sync ARGUMENTS`) with the server in POPCORN_SYNC_URL.
    @discardableResult
    func sync(_ url: String, _ arguments: [String] = [], verbose: Bool = false) throws -> PopcornProcess.Result {
        try popcorn.run(["sync"] + arguments + (verbose ? ["-v"] : []), environment: ["POPCORN_SYNC_URL": url])
    }

    /// `popcorn sync --json`, decoded and checked against the README's example; records
    /// an issue when it fails.
    func syncJSON(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SyncResultJSON {
        let result = try sync(url, ["--json"])
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        return try JSONContract().decode(
            "SyncResultJSON", as: SyncResultJSON.self, from: result.standardOutput, sourceLocation: sourceLocation)
    }

    /// The watchlist's movie ids, sorted; fails the test on a duplicate.
    func watchlist() async throws -> [Int] {
        let ids = try await repository().movies().map(\.movieID)
        #expect(Set(ids).count == ids.count, "duplicate watchlist entries: \(ids.count - Set(ids).count)")
        return ids.sorted()
    }

    func add(_ ids: some Sequence<Int>) async throws {
        let repository = repository()
        for id in ids { _ = try await repository.add(movieID: id) }
    }

    func remove(_ ids: some Sequence<Int>) async throws {
        let repository = repository()
        for id in ids { try await repository.remove(movieID: id) }
    }

    private func repository() -> any WatchlistRepository {
        MoviesInfrastructureFactory(
            locations: StoreLocations(dataDirectory: popcorn.dataDirectory, cacheDirectory: popcorn.cacheDirectory),
            remoteDataSource: NoRemote()
        ).makeWatchlistRepository()
    }
}

/// The watchlist repository needs no movie; a call here is a test's mistake.
private struct NoRemote: MovieRemoteDataSource {
    func movie(withID id: Int) async throws(MovieRemoteDataSourceError) -> Movie { throw .notFound }
    func credits(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> Credits { throw .notFound }
    func images(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> ImageCollection { throw .notFound }
    func certifications(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> [Certification] {
        throw .notFound
    }
    func page(_ page: Int, of list: MovieList) async throws(MovieRemoteDataSourceError) -> MoviePreviewPage {
        throw .notFound
    }
}
