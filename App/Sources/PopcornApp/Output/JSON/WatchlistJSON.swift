import Foundation

/// `watchlist list`: the movies, most recently added first.
package struct WatchlistJSON: Codable, Equatable, Sendable {
    package let movies: [WatchlistMovieJSON]
}

package struct WatchlistMovieJSON: Codable, Equatable, Sendable {
    package let id: Int
    /// Null when the title cannot be had now (not cached, and the catalog or TMDb failed).
    @Nullable package var title: String?
    package let addedAt: Date
}

/// `watchlist add ID`.
package struct WatchlistAddedJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let title: String
    /// When the movie was first added: adding it again keeps that date.
    package let addedAt: Date
    /// Whether the movie was on the watchlist already.
    package let alreadyOnWatchlist: Bool
}

/// `watchlist remove ID` (a movie that is not on the watchlist is an error instead).
package struct WatchlistRemovedJSON: Codable, Equatable, Sendable {
    package let id: Int
    package let removed: Bool
}
