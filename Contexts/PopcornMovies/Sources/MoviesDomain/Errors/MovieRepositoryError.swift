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
