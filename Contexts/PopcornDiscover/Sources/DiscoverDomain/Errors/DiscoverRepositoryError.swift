import Foundation

/// Why a discover repository could not answer.
public enum DiscoverRepositoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Pages are numbered from 1; this one is not.
    case invalidPage(Int)
    /// The source has no such page.
    case notFound
    /// The page could not be fetched and is not in the cache; the text says why.
    case unavailable(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .invalidPage(let page): "Page \(page) does not exist: pages start at 1."
        case .notFound: "Discover has no such page."
        case .unavailable(let reason): "Discover is unavailable: \(reason)"
        }
    }
}
