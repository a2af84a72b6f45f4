import Foundation

/// A TV series as a search result lists it.
public struct TVSeriesPreview: Identifiable, Hashable, Sendable {
    /// The series' TMDb id.
    public let id: Int
    /// The series' name in the requested language.
    public let name: String
    /// A short summary, when there is one.
    public let overview: String?
    /// The date of the first episode, when known.
    public let firstAirDate: Date?
    /// The poster's image path (such as `/poster.jpg`), when there is one.
    public let posterPath: String?

    /// Creates a TV series preview.
    public init(
        id: Int, name: String, overview: String? = nil, firstAirDate: Date? = nil, posterPath: String? = nil
    ) {
        self.id = id
        self.name = name
        self.overview = overview
        self.firstAirDate = firstAirDate
        self.posterPath = posterPath
    }
}
