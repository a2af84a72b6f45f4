import Foundation

/// Why a TV series repository could not answer.
public enum TVSeriesRepositoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The series, season or episode does not exist.
    case notFound
    /// It could not be fetched and is not in the cache; the text says why.
    case unavailable(String)

    /// A short sentence for logs and messages.
    public var description: String {
        switch self {
        case .notFound: "not found"
        case .unavailable(let reason): "unavailable: \(reason)"
        }
    }
}
