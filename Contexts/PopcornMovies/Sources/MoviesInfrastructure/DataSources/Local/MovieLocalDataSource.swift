import DataPersistenceInfrastructure
import Foundation
import MoviesDomain

/// The movie details cache.
protocol MovieLocalDataSource: Sendable {
    func movie(withID id: Int) async throws -> CachedValue<Movie>?
    func save(_ movie: Movie, cachedAt: Date) async throws
    /// The cached titles of the movies among `ids`, by id, each with when it was cached.
    func titles(forMovies ids: [Int]) async throws -> [Int: CachedValue<String>]
    func credits(forMovie id: Int) async throws -> CachedValue<Credits>?
    func save(_ credits: Credits, forMovie id: Int, cachedAt: Date) async throws
    func images(forMovie id: Int) async throws -> CachedValue<ImageCollection>?
    func save(_ images: ImageCollection, forMovie id: Int, cachedAt: Date) async throws
    func certifications(forMovie id: Int) async throws -> CachedValue<[Certification]>?
    func save(_ certifications: [Certification], forMovie id: Int, cachedAt: Date) async throws
}
