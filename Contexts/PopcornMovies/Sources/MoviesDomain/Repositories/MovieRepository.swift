/// Movie details, credits, images and certifications, from the cache or the remote.
public protocol MovieRepository: Sendable {
    func movie(withID id: Int) async throws(MovieRepositoryError) -> Movie
    func credits(forMovie id: Int) async throws(MovieRepositoryError) -> Credits
    func images(forMovie id: Int) async throws(MovieRepositoryError) -> ImageCollection
    /// The movie's rating in a country, or nil when it has none there.
    func certification(forMovie id: Int, countryCode: String) async throws(MovieRepositoryError) -> Certification?
}

/// Pages of movie lists: popular, similar, recommendations.
public protocol MovieListRepository: Sendable {
    func page(_ page: Int, of list: MovieList) async throws(MovieRepositoryError) -> MoviePreviewPage
}

/// The user's watchlist, which is user data: it is never deleted to recover a store.
public protocol WatchlistRepository: Sendable {
    /// The watchlist, most recently added first.
    func movies() async throws(MovieRepositoryError) -> [WatchlistMovie]
    /// Adds a movie; adding one already there keeps its original date.
    func add(movieID: Int) async throws(MovieRepositoryError) -> WatchlistMovie
    /// Removes a movie; returns whether it was there.
    @discardableResult
    func remove(movieID: Int) async throws(MovieRepositoryError) -> Bool
    func contains(movieID: Int) async throws(MovieRepositoryError) -> Bool
}

/// Why a movie repository could not answer.
public enum MovieRepositoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No movie has this id.
    case notFound(movieID: Int)
    /// The remote could not be reached or failed, and the cache had nothing fresh.
    case unavailable(String)
    /// The local store failed.
    case storage(String)

    public var description: String {
        switch self {
        case .notFound(let id): "No movie with id \(id)."
        case .unavailable(let reason): "Movies are unavailable: \(reason)"
        case .storage(let reason): "The movie store failed: \(reason)"
        }
    }
}
