/// Why the remote could not answer a search.
public enum MediaSearchRemoteDataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request failed (network, HTTP status, decoding), with a reason a person can read.
    case failed(String)

    public var description: String {
        switch self {
        case .failed(let reason): reason
        }
    }
}
