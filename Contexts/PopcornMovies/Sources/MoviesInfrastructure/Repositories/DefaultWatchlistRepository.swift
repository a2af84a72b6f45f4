import Foundation
import MoviesDomain

/// The watchlist, straight from its user-data store.
struct DefaultWatchlistRepository: WatchlistRepository {
    let local: SwiftDataWatchlistLocalDataSource
    let now: @Sendable () -> Date

    func movies() async throws(MovieRepositoryError) -> [WatchlistMovie] {
        try await storage { try await local.movies() }
    }

    func add(movieID: Int) async throws(MovieRepositoryError) -> WatchlistMovie {
        let date = now()
        return try await storage { try await local.add(movieID: movieID, at: date) }
    }

    @discardableResult
    func remove(movieID: Int) async throws(MovieRepositoryError) -> Bool {
        try await storage { try await local.remove(movieID: movieID) }
    }

    func contains(movieID: Int) async throws(MovieRepositoryError) -> Bool {
        try await storage { try await local.contains(movieID: movieID) }
    }

    private func storage<T>(_ body: () async throws -> T) async throws(MovieRepositoryError) -> T {
        do {
            return try await body()
        } catch {
            throw .storage("\(error)")
        }
    }
}
