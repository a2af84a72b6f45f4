import Foundation

/// Why a TV series repository could not answer.
public enum TVSeriesRepositoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The series, season or episode does not exist.
    case notFound
    /// It could not be fetched and is not in the cache; the text says why.
    case unavailable(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .notFound: "No such TV series, season or episode."
        case .unavailable(let reason): "TV series are unavailable: \(reason)"
        }
    }
}
