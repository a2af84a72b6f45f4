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
