import DataPersistenceInfrastructure
import Foundation
import MoviesDomain

/// The movie details cache.
protocol MovieLocalDataSource: Sendable {
    func movie(withID id: Int) async throws -> CachedValue<Movie>?
    func save(_ movie: Movie, cachedAt: Date) async throws
    func credits(forMovie id: Int) async throws -> CachedValue<Credits>?
    func save(_ credits: Credits, forMovie id: Int, cachedAt: Date) async throws
    func images(forMovie id: Int) async throws -> CachedValue<ImageCollection>?
    func save(_ images: ImageCollection, forMovie id: Int, cachedAt: Date) async throws
    func certifications(forMovie id: Int) async throws -> CachedValue<[Certification]>?
    func save(_ certifications: [Certification], forMovie id: Int, cachedAt: Date) async throws
}

/// The movie list pages cache.
protocol MovieListLocalDataSource: Sendable {
    func page(_ page: Int, of list: MovieList) async throws -> CachedValue<MoviePreviewPage>?
    func save(_ page: MoviePreviewPage, of list: MovieList, cachedAt: Date) async throws
}

/// The watchlist store.
protocol WatchlistLocalDataSource: Sendable {
    func movies() async throws -> [WatchlistMovie]
    func add(movieID: Int, at date: Date) async throws -> WatchlistMovie
    func remove(movieID: Int) async throws -> Bool
    func contains(movieID: Int) async throws -> Bool
}
