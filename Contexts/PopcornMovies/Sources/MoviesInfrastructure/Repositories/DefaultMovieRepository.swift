import DataPersistenceInfrastructure
import Foundation
import Logging
import MoviesDomain

/// Movie details, credits, images and certifications, read through the cache.
struct DefaultMovieRepository: MovieRepository {
    let local: any MovieLocalDataSource
    let remote: any MovieRemoteDataSource
    let cache: ReadThroughCache

    func movie(withID id: Int) async throws(MovieRepositoryError) -> Movie {
        try await cache.value(
            describedAs: "movie \(id)",
            cached: { try await local.movie(withID: id) },
            remote: { () async throws(MovieRemoteDataSourceError) in try await remote.movie(withID: id) },
            store: { try await local.save($0, cachedAt: $1) },
            mapError: { MovieRepositoryError($0, notFound: .notFound(movieID: id)) })
    }

    /// The credits, cast in billing order whether they come from the cache or the remote.
    func credits(forMovie id: Int) async throws(MovieRepositoryError) -> Credits {
        var credits = try await cache.value(
            describedAs: "credits of movie \(id)",
            cached: { try await local.credits(forMovie: id) },
            remote: { () async throws(MovieRemoteDataSourceError) in try await remote.credits(forMovie: id) },
            store: { try await local.save($0, forMovie: id, cachedAt: $1) },
            mapError: { MovieRepositoryError($0, notFound: .notFound(movieID: id)) })
        credits.cast.sort { $0.order < $1.order }
        return credits
    }

    func images(forMovie id: Int) async throws(MovieRepositoryError) -> ImageCollection {
        try await cache.value(
            describedAs: "images of movie \(id)",
            cached: { try await local.images(forMovie: id) },
            remote: { () async throws(MovieRemoteDataSourceError) in try await remote.images(forMovie: id) },
            store: { try await local.save($0, forMovie: id, cachedAt: $1) },
            mapError: { MovieRepositoryError($0, notFound: .notFound(movieID: id)) })
    }

    func certification(forMovie id: Int, countryCode: String) async throws(MovieRepositoryError) -> Certification? {
        let all = try await cache.value(
            describedAs: "certifications of movie \(id)",
            cached: { try await local.certifications(forMovie: id) },
            remote: { () async throws(MovieRemoteDataSourceError) in try await remote.certifications(forMovie: id) },
            store: { try await local.save($0, forMovie: id, cachedAt: $1) },
            mapError: { MovieRepositoryError($0, notFound: .notFound(movieID: id)) })
        return all.first { $0.countryCode == countryCode }
    }
}
