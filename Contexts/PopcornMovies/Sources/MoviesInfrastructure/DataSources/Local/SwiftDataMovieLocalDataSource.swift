import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData

/// The movie details cache in `popcorn-movies.sqlite`, on the store's actor. Each entry
/// is replaced whole, with its parts, in one save.
struct SwiftDataMovieLocalDataSource: MovieLocalDataSource {
    let store: StoreActor

    func movie(withID id: Int) async throws -> CachedValue<Movie>? {
        try await store.cachedValue(FetchDescriptor<MoviesMovieEntity>(predicate: #Predicate { $0.movieID == id })) {
            MovieMapper().map($0)
        }
    }

    func save(_ movie: Movie, cachedAt: Date) async throws {
        let id = movie.id
        try await store.replace(FetchDescriptor<MoviesMovieEntity>(predicate: #Predicate { $0.movieID == id })) {
            MovieMapper().map(movie, cachedAt: cachedAt)
        }
    }

    /// One fetch of the cache for every id (one per ``titleBatchSize`` ids): a predicate
    /// `ids.contains(movieID)` is one SQL `IN (…)`, and SQLite takes at most 32,766 values
    /// in one statement by default.
    func titles(forMovies ids: [Int]) async throws -> [Int: CachedValue<String>] {
        try await store.perform { context in
            var titles: [Int: CachedValue<String>] = [:]
            for start in stride(from: 0, to: ids.count, by: Self.titleBatchSize) {
                let batch = Array(ids[start..<min(ids.count, start + Self.titleBatchSize)])
                let movies = try context.fetch(
                    FetchDescriptor<MoviesMovieEntity>(predicate: #Predicate { batch.contains($0.movieID) }))
                for movie in movies {
                    titles[movie.movieID] = CachedValue(value: movie.title, cachedAt: movie.cachedAt)
                }
            }
            return titles
        }
    }

    static let titleBatchSize = 10_000

    func credits(forMovie id: Int) async throws -> CachedValue<Credits>? {
        try await store.cachedValue(FetchDescriptor<MoviesCreditsEntity>(predicate: #Predicate { $0.movieID == id })) {
            CreditsMapper().map($0)
        }
    }

    func save(_ credits: Credits, forMovie id: Int, cachedAt: Date) async throws {
        try await store.replace(FetchDescriptor<MoviesCreditsEntity>(predicate: #Predicate { $0.movieID == id })) {
            CreditsMapper().map(credits, movieID: id, cachedAt: cachedAt)
        }
    }

    func images(forMovie id: Int) async throws -> CachedValue<ImageCollection>? {
        try await store.cachedValue(
            FetchDescriptor<MoviesImageCollectionEntity>(predicate: #Predicate { $0.movieID == id })
        ) { ImageCollection(posters: $0.posters, backdrops: $0.backdrops, logos: $0.logos) }
    }

    func save(_ images: ImageCollection, forMovie id: Int, cachedAt: Date) async throws {
        try await store.replace(
            FetchDescriptor<MoviesImageCollectionEntity>(predicate: #Predicate { $0.movieID == id })
        ) {
            let entity = MoviesImageCollectionEntity(movieID: id, cachedAt: cachedAt)
            entity.posters = images.posters
            entity.backdrops = images.backdrops
            entity.logos = images.logos
            return entity
        }
    }

    func certifications(forMovie id: Int) async throws -> CachedValue<[Certification]>? {
        try await store.cachedValue(
            FetchDescriptor<MoviesCertificationEntity>(predicate: #Predicate { $0.movieID == id })
        ) { entity in
            entity.ratingsByCountry.sorted { $0.key < $1.key }.map {
                Certification(countryCode: $0.key, rating: $0.value)
            }
        }
    }

    func save(_ certifications: [Certification], forMovie id: Int, cachedAt: Date) async throws {
        let ratings = Dictionary(
            certifications.map { ($0.countryCode, $0.rating) }, uniquingKeysWith: { first, _ in first })
        try await store.replace(
            FetchDescriptor<MoviesCertificationEntity>(predicate: #Predicate { $0.movieID == id })
        ) { MoviesCertificationEntity(movieID: id, ratingsByCountry: ratings, cachedAt: cachedAt) }
    }
}
