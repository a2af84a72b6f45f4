import Foundation
import MoviesDomain

/// Maps watchlist entities to domain watchlist movies; rows without a movie id (which
/// CloudKit's optional fields allow) are skipped.
struct WatchlistMovieMapper {
    func map(_ entity: MoviesWatchlistMovieEntity) -> WatchlistMovie? {
        guard let movieID = entity.movieID else { return nil }
        return WatchlistMovie(movieID: movieID, createdAt: entity.createdAt ?? .distantPast)
    }
}
