import DataPersistenceInfrastructure
import Foundation
import MoviesDomain

/// The movie list pages cache.
protocol MovieListLocalDataSource: Sendable {
    func page(_ page: Int, of list: MovieList) async throws -> CachedValue<MoviePreviewPage>?
    func save(_ page: MoviePreviewPage, of list: MovieList, cachedAt: Date) async throws
}
