import Foundation

/// A movie the user wants to watch, and when it was added.
public struct WatchlistMovie: Identifiable, Equatable, Sendable {
    public var id: Int { movieID }
    public let movieID: Int
    public var createdAt: Date

    public init(movieID: Int, createdAt: Date) {
        self.movieID = movieID
        self.createdAt = createdAt
    }
}
