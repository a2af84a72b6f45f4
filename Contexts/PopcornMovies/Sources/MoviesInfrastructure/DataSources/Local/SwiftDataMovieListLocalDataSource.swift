import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData

/// The movie list pages cache in `popcorn-movies.sqlite`, on the store's actor.
struct SwiftDataMovieListLocalDataSource: Sendable {
    let store: StoreActor

    func page(_ page: Int, of list: MovieList) async throws -> CachedValue<MoviePreviewPage>? {
        try await store.cachedValue(Self.page(page, of: list)) { MoviePreviewPageMapper().map($0) }
    }

    func save(_ page: MoviePreviewPage, of list: MovieList, cachedAt: Date) async throws {
        try await store.replace(Self.page(page.page, of: list)) {
            MoviePreviewPageMapper().map(page, list: list, cachedAt: cachedAt)
        }
    }

    private static func page(_ page: Int, of list: MovieList) -> FetchDescriptor<MoviesPreviewPageEntity> {
        let key = list.key
        return FetchDescriptor(predicate: #Predicate { $0.listKey == key && $0.page == page })
    }
}
