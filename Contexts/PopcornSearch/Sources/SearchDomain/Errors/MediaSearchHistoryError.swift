/// Why the search history could not be read or changed.
public enum MediaSearchHistoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The history's store failed; the store is left as it was.
    case storage(String)

    public var description: String {
        switch self {
        case .storage(let reason): "The search history store failed: \(reason)"
        }
    }
}
