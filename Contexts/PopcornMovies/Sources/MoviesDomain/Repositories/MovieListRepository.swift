/// Pages of movie lists: popular, similar, recommendations.
public protocol MovieListRepository: Sendable {
    func page(_ page: Int, of list: MovieList) async throws(MovieRepositoryError) -> MoviePreviewPage
}
