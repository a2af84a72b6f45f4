import Foundation

/// A movie as a search result lists it.
public struct MoviePreview: Identifiable, Hashable, Sendable {
    /// The movie's TMDb id.
    public let id: Int
    /// The title in the requested language.
    public let title: String
    /// A short summary, when there is one.
    public let overview: String?
    /// The first release date, when known.
    public let releaseDate: Date?
    /// The poster's image path (such as `/poster.jpg`), when there is one.
    public let posterPath: String?

    /// Creates a movie preview.
    public init(
        id: Int, title: String, overview: String? = nil, releaseDate: Date? = nil, posterPath: String? = nil
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
    }
}
