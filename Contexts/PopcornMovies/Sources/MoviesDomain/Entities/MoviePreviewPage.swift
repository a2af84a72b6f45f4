/// One page of a movie list.
public struct MoviePreviewPage: Equatable, Sendable {
    public var page: Int
    public var totalPages: Int
    public var totalResults: Int
    public var movies: [MoviePreview]

    public init(page: Int, totalPages: Int, totalResults: Int, movies: [MoviePreview]) {
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.movies = movies
    }
}
