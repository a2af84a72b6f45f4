import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData

/// The movie details cache in `popcorn-movies.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataMovieLocalDataSource: MovieLocalDataSource {
    func movie(withID id: Int) throws -> CachedValue<Movie>? {
        try first(FetchDescriptor<MoviesMovieEntity>(predicate: #Predicate { $0.movieID == id })).map {
            CachedValue(value: MovieMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ movie: Movie, cachedAt: Date) throws {
        let id = movie.id
        try replace(FetchDescriptor<MoviesMovieEntity>(predicate: #Predicate { $0.movieID == id })) {
            MovieMapper().map(movie, cachedAt: cachedAt)
        }
    }

    func credits(forMovie id: Int) throws -> CachedValue<Credits>? {
        try first(FetchDescriptor<MoviesCreditsEntity>(predicate: #Predicate { $0.movieID == id })).map {
            CachedValue(value: CreditsMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ credits: Credits, forMovie id: Int, cachedAt: Date) throws {
        try replace(FetchDescriptor<MoviesCreditsEntity>(predicate: #Predicate { $0.movieID == id })) {
            CreditsMapper().map(credits, movieID: id, cachedAt: cachedAt)
        }
    }

    func images(forMovie id: Int) throws -> CachedValue<ImageCollection>? {
        try first(FetchDescriptor<MoviesImageCollectionEntity>(predicate: #Predicate { $0.movieID == id })).map {
            CachedValue(
                value: ImageCollection(posters: $0.posters, backdrops: $0.backdrops, logos: $0.logos),
                cachedAt: $0.cachedAt)
        }
    }

    func save(_ images: ImageCollection, forMovie id: Int, cachedAt: Date) throws {
        try replace(FetchDescriptor<MoviesImageCollectionEntity>(predicate: #Predicate { $0.movieID == id })) {
            let entity = MoviesImageCollectionEntity(movieID: id, cachedAt: cachedAt)
            entity.posters = images.posters
            entity.backdrops = images.backdrops
            entity.logos = images.logos
            return entity
        }
    }

    func certifications(forMovie id: Int) throws -> CachedValue<[Certification]>? {
        try first(FetchDescriptor<MoviesCertificationEntity>(predicate: #Predicate { $0.movieID == id })).map {
            CachedValue(
                value: $0.ratingsByCountry.sorted { $0.key < $1.key }.map {
                    Certification(countryCode: $0.key, rating: $0.value)
                },
                cachedAt: $0.cachedAt)
        }
    }

    func save(_ certifications: [Certification], forMovie id: Int, cachedAt: Date) throws {
        try replace(FetchDescriptor<MoviesCertificationEntity>(predicate: #Predicate { $0.movieID == id })) {
            let ratings = Dictionary(
                certifications.map { ($0.countryCode, $0.rating) }, uniquingKeysWith: { first, _ in first })
            return MoviesCertificationEntity(movieID: id, ratingsByCountry: ratings, cachedAt: cachedAt)
        }
    }

    private func first<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> T? {
        var descriptor = descriptor
        descriptor.fetchLimit = 1
        return try modelContext.fetch(descriptor).first
    }

    /// Deletes the cached entry (with its parts) and inserts the new one, in one save.
    private func replace<T: PersistentModel>(_ existing: FetchDescriptor<T>, with makeEntity: () -> T) throws {
        for entity in try modelContext.fetch(existing) {
            modelContext.delete(entity)
        }
        modelContext.insert(makeEntity())
        try modelContext.save()
    }
}
