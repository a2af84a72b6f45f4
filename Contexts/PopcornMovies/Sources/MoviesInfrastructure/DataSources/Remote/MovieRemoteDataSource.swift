import MoviesDomain

/// Where movies come from when the cache has nothing fresh; the App implements it with
/// TMDb (or the offline catalog).
public protocol MovieRemoteDataSource: Sendable {
    func movie(withID id: Int) async throws(MovieRemoteDataSourceError) -> Movie
    func credits(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> Credits
    func images(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> ImageCollection
    func certifications(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> [Certification]
    func page(_ page: Int, of list: MovieList) async throws(MovieRemoteDataSourceError) -> MoviePreviewPage
}
