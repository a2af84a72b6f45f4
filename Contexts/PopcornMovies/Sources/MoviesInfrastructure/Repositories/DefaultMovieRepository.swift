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

    /// How many movies ``titles(forMovies:)`` asks the remote for at once.
    static let concurrentTitleFetches = 8

    func titles(forMovies ids: [Int]) async -> [Int: String] {
        let ids = Array(Set(ids))
        var cached: [Int: CachedValue<String>] = [:]
        do {
            cached = try await local.titles(forMovies: ids)
        } catch {
            cache.logger.warning("Cannot read titles from the cache: \(error)")
        }
        var titles = cached.compactMapValues { cache.policy.isFresh($0.cachedAt) ? $0.value : nil }
        var missing = ids.filter { titles[$0] == nil }[...]
        await withTaskGroup(of: (id: Int, title: String?).self) { group in
            func fetchNext() {
                guard let id = missing.popFirst() else { return }
                let stale = cached[id]?.value
                group.addTask { (id, (try? await movie(fromRemote: id).title) ?? stale) }
            }
            for _ in 0..<Self.concurrentTitleFetches { fetchNext() }
            for await fetched in group {
                titles[fetched.id] = fetched.title
                fetchNext()
            }
        }
        return titles
    }

    /// A movie from the remote, cached; the cache is not read first.
    private func movie(fromRemote id: Int) async throws(MovieRepositoryError) -> Movie {
        try await cache.value(
            describedAs: "movie \(id)",
            cached: { nil },
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
