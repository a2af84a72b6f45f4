import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import OpenSwiftData

/// The movie list pages cache in `popcorn-movies.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataMovieListLocalDataSource: MovieListLocalDataSource {
    func page(_ page: Int, of list: MovieList) throws -> CachedValue<MoviePreviewPage>? {
        guard let entity = try entity(page: page, list: list) else { return nil }
        return CachedValue(value: MoviePreviewPageMapper().map(entity), cachedAt: entity.cachedAt)
    }

    func save(_ page: MoviePreviewPage, of list: MovieList, cachedAt: Date) throws {
        if let existing = try entity(page: page.page, list: list) {
            modelContext.delete(existing)
        }
        modelContext.insert(MoviePreviewPageMapper().map(page, list: list, cachedAt: cachedAt))
        try modelContext.save()
    }

    private func entity(page: Int, list: MovieList) throws -> MoviesPreviewPageEntity? {
        let key = list.key
        var descriptor = FetchDescriptor<MoviesPreviewPageEntity>(
            predicate: #Predicate { $0.listKey == key && $0.page == page })
        descriptor.fetchLimit = 1
        return try modelContext.fetch(descriptor).first
    }
}
