import Foundation

/// `watchlist list`: the movies, most recently added first.
public struct WatchlistJSON: Codable, Equatable, Sendable {
    public let movies: [WatchlistMovieJSON]
}

public struct WatchlistMovieJSON: Codable, Equatable, Sendable {
    public let id: Int
    /// Null when the title cannot be had now (not cached, and the catalog or TMDb failed).
    @Nullable public var title: String?
    public let addedAt: Date
}

/// `watchlist add ID`.
public struct WatchlistAddedJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let title: String
    /// When the movie was first added: adding it again keeps that date.
    public let addedAt: Date
    /// Whether the movie was on the watchlist already.
    public let alreadyOnWatchlist: Bool
}

/// `watchlist remove ID` (a movie that is not on the watchlist is an error instead).
public struct WatchlistRemovedJSON: Codable, Equatable, Sendable {
    public let id: Int
    public let removed: Bool
}
