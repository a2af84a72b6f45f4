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
