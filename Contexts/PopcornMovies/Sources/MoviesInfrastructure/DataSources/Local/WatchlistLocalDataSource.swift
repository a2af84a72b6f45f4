import Foundation
import MoviesDomain

/// The watchlist store.
protocol WatchlistLocalDataSource: Sendable {
    func movies() async throws -> [WatchlistMovie]
    func add(movieID: Int, at date: Date) async throws -> WatchlistMovie
    func remove(movieID: Int) async throws -> Bool
    func contains(movieID: Int) async throws -> Bool
}
