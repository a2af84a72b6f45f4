/// Movie details, credits, images and certifications, from the cache or the remote.
public protocol MovieRepository: Sendable {
    func movie(withID id: Int) async throws(MovieRepositoryError) -> Movie
    func credits(forMovie id: Int) async throws(MovieRepositoryError) -> Credits
    func images(forMovie id: Int) async throws(MovieRepositoryError) -> ImageCollection
    /// The movie's rating in a country, or nil when it has none there.
    func certification(forMovie id: Int, countryCode: String) async throws(MovieRepositoryError) -> Certification?
}
