import Foundation

/// Why a discover repository could not answer.
public enum DiscoverRepositoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Pages are numbered from 1; this one is not.
    case invalidPage(Int)
    /// The source has no such page.
    case notFound
    /// The page could not be fetched and is not in the cache; the text says why.
    case unavailable(String)

    /// A short sentence for logs and messages.
    public var description: String {
        switch self {
        case .invalidPage(let page): "invalid page \(page): pages are numbered from 1"
        case .notFound: "not found"
        case .unavailable(let reason): "unavailable: \(reason)"
        }
    }
}
