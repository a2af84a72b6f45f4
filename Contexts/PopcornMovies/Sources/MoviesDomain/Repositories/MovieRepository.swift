/// Movie details, credits, images and certifications, from the cache or the remote.
public protocol MovieRepository: Sendable {
    func movie(withID id: Int) async throws(MovieRepositoryError) -> Movie
    func credits(forMovie id: Int) async throws(MovieRepositoryError) -> Credits
    func images(forMovie id: Int) async throws(MovieRepositoryError) -> ImageCollection
    /// The movie's rating in a country, or nil when it has none there.
    func certification(forMovie id: Int, countryCode: String) async throws(MovieRepositoryError) -> Certification?
    /// The titles of several movies by id, for a list such as the watchlist: the cached
    /// ones in one read of the cache, the others from the remote, several at a time
    /// (and cached). A movie whose title cannot be had now is left out; one whose cache
    /// entry expired keeps its old title while the remote fails.
    func titles(forMovies ids: [Int]) async -> [Int: String]
}
