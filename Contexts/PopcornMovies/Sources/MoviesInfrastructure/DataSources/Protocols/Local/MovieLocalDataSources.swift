import Foundation
import MoviesDomain

/// A cached value and when it was stored.
public struct Cached<Value: Sendable>: Sendable {
    public let value: Value
    public let cachedAt: Date
}

/// The movie details cache.
protocol MovieLocalDataSource: Sendable {
    func movie(withID id: Int) async throws -> Cached<Movie>?
    func save(_ movie: Movie, cachedAt: Date) async throws
    func credits(forMovie id: Int) async throws -> Cached<Credits>?
    func save(_ credits: Credits, forMovie id: Int, cachedAt: Date) async throws
    func images(forMovie id: Int) async throws -> Cached<ImageCollection>?
    func save(_ images: ImageCollection, forMovie id: Int, cachedAt: Date) async throws
    func certifications(forMovie id: Int) async throws -> Cached<[Certification]>?
    func save(_ certifications: [Certification], forMovie id: Int, cachedAt: Date) async throws
}

/// The movie list pages cache.
protocol MovieListLocalDataSource: Sendable {
    func page(_ page: Int, of list: MovieList) async throws -> Cached<MoviePreviewPage>?
    func save(_ page: MoviePreviewPage, of list: MovieList, cachedAt: Date) async throws
}

/// The watchlist store.
protocol WatchlistLocalDataSource: Sendable {
    func movies() async throws -> [WatchlistMovie]
    func add(movieID: Int, at date: Date) async throws -> WatchlistMovie
    func remove(movieID: Int) async throws -> Bool
    func contains(movieID: Int) async throws -> Bool
}
