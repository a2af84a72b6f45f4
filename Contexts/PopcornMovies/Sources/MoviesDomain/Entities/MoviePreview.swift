import Foundation

/// What a list shows of a movie.
public struct MoviePreview: Identifiable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var overview: String?
    public var releaseDate: Date?
    public var posterPath: String?
    public var backdropPath: String?
    public var voteAverage: Double

    public init(
        id: Int, title: String, overview: String? = nil, releaseDate: Date? = nil, posterPath: String? = nil,
        backdropPath: String? = nil, voteAverage: Double = 0
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.voteAverage = voteAverage
    }
}
