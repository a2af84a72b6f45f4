/// Why the remote could not answer.
public enum MovieRemoteDataSourceError: Error, Equatable, Sendable {
    case notFound
    case failed(String)
}
