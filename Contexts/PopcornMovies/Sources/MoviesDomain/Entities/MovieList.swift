/// The lists of movies the app shows.
public enum MovieList: Hashable, Sendable, CustomStringConvertible {
    case popular
    case similar(toMovieID: Int)
    case recommendations(forMovieID: Int)

    /// A stable key for storing a page of this list.
    public var key: String {
        switch self {
        case .popular: "popular"
        case .similar(let id): "similar/\(id)"
        case .recommendations(let id): "recommendations/\(id)"
        }
    }

    public var description: String { key }
}
