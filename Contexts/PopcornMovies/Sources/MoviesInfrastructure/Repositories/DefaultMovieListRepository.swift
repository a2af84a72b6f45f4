import DataPersistenceInfrastructure
import Foundation
import MoviesDomain

/// Pages of movie lists, read through the cache; each list and page is its own entry.
struct DefaultMovieListRepository: MovieListRepository {
    let local: SwiftDataMovieListLocalDataSource
    let remote: any MovieRemoteDataSource
    let cache: ReadThroughCache

    func page(_ page: Int, of list: MovieList) async throws(MovieRepositoryError) -> MoviePreviewPage {
        let notFound: MovieRepositoryError =
            switch list {
            case .popular: .unavailable("no page \(page) of popular movies")
            case .similar(let id), .recommendations(let id): .notFound(movieID: id)
            }
        return try await cache.value(
            describedAs: "page \(page) of \(list)",
            cached: { try await local.page(page, of: list) },
            remote: { () async throws(MovieRemoteDataSourceError) in try await remote.page(page, of: list) },
            store: { try await local.save($0, of: list, cachedAt: $1) },
            mapError: { MovieRepositoryError($0, notFound: notFound) })
    }
}
