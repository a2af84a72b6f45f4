/// Why a search could not be answered.
public enum MediaSearchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The query was empty or only white space.
    case emptyQuery
    /// The page number was below 1.
    case invalidPage(Int)
    /// The remote could not be reached or failed.
    case unavailable(String)

    public var description: String {
        switch self {
        case .emptyQuery: "Type something to search for: the search query is empty."
        case .invalidPage(let page): "Page \(page) does not exist: pages start at 1."
        case .unavailable(let reason): "Search is unavailable: \(reason)"
        }
    }
}
